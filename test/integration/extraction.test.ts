/**
 * Structured data extraction through n8n-core, against the emulator: the builder sends exactly one
 * of JSON Schema and guidance, both output modes download usefully in every output shape, and
 * Process Files, Download Output, Run Workflow and the trigger shape them the same way.
 */
import { randomUUID } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { form, TestClient } from '../emulator/test-support/client';
import { createHookHarness, executeNode, readBinaryData, type HarnessItem } from '../harness';
import { failure, startTestService, textFile, type TestService } from './support/service';
import { WebhookBridge } from './support/trigger';

const CONFIG = { job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20 };
let service: TestService;
beforeAll(async () => {
	service = await startTestService(CONFIG);
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig(CONFIG);
});

const INVOICES: Record<string, { text: string; data: IDataObject }> = {
	'invoice-1.md': { text: '# Invoice 1\n\nCustomer: Example Corp.\n\nTotal due: 120 EUR.\n', data: { customer: 'Example Corp.', total: 120 } },
	'invoice-2.md': { text: '# Invoice 2\n\nCustomer: Sample Ltd.\n\nTotal due: 80 EUR.\n', data: { customer: 'Sample Ltd.', total: 80 } },
};
const NAMES = Object.keys(INVOICES);
const SCHEMA = { type: 'object', properties: { customer: { type: 'string' }, total: { type: 'number' } } };
const GUIDANCE = 'The customer and the total';

const items: HarnessItem[] = NAMES.map((name) => ({ json: { name }, binary: { data: textFile(name, INVOICES[name].text, 'text/markdown') } }));
const run = async (parameters: INodeParameters, input: HarnessItem[] = items) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items: input, credentials: service.credentials });
const bySchema = (extra: IDataObject = {}) => ({ steps: { step: [{ kind: 'llm', name: 'Extract', defineBy: 'jsonSchema', jsonSchema: JSON.stringify(SCHEMA), ...extra }] } });
const byGuidance = (extra: IDataObject = {}) => ({ steps: { step: [{ kind: 'llm', name: 'Extract', defineBy: 'extractionGuidance', extractionGuidance: GUIDANCE, ...extra }] } });
const process = (extra: INodeParameters) => ({ resource: 'job', operation: 'process', ...extra, options: { maxPollIntervalSeconds: 1, ...(extra.options as INodeParameters | undefined) } });

const sentExtractors = async (): Promise<IDataObject[]> =>
	(await service.requests('/api/v1/jobs'))
		.filter((request) => request.method === 'POST')
		.map((request) => (JSON.parse(request.fields.request_data as string) as { job_nodes: IDataObject[] }).job_nodes[1]);
const origin = (name: string) => ({ job_id: expect.any(String), file_id: expect.any(String), node_id: expect.any(String), input_file_name: name });

describe('Process Files with an extraction step', () => {
	it('schema only: one item per input file with extracted_data at the top level, paired to its item', async () => {
		const result = await run(process(bySchema()));
		expect(result.output[0]).toEqual(
			NAMES.map((name, index) => ({ json: { ...origin(name), extracted_data: INVOICES[name].data }, pairedItem: { item: index } })),
		);
		for (const node of await sentExtractors()) {
			expect(node.settings).toEqual({ schema_to_extract: { json_schema: JSON.stringify(SCHEMA) }, output_mode: 'extracted_data_only' });
		}
	});

	it('guidance only, combined into one job: one item per output file, each paired to the item its file came from', async () => {
		const result = await run(process({ ...byGuidance(), options: { batchMode: 'combine', outputMode: 'files' } }));
		expect(result.output[0].map((item) => [item.json.input_file_name, item.json.extracted_data, item.pairedItem])).toEqual(
			NAMES.map((name, index) => [name, INVOICES[name].data, { item: index }]),
		);
		const sent = await sentExtractors();
		expect(sent).toHaveLength(1);
		expect(sent[0].settings).toEqual({ schema_to_extract: { extraction_guidance: GUIDANCE }, output_mode: 'extracted_data_only' });
	});

	it('elements with extracted data: per file gives extracted_data and the elements; per element keeps the elements', async () => {
		const mode = { outputMode: 'elements_with_extracted_data' };
		const files = (await run(process({ ...bySchema(mode), options: { outputMode: 'files' } }), items.slice(0, 1))).output[0];
		expect(files).toHaveLength(1);
		const elements = files[0].json.elements as IDataObject[];
		expect(files[0].json).toMatchObject({ ...origin('invoice-1.md'), extracted_data: INVOICES['invoice-1.md'].data, element_count: elements.length });
		expect(elements[0]).toMatchObject({ type: 'DocumentData', metadata: { extracted_data: INVOICES['invoice-1.md'].data } });
		expect(elements.slice(1).map((element) => element.text)).toEqual(['Invoice 1', 'Customer: Example Corp.', 'Total due: 120 EUR.']);

		const perElement = (await run(process({ ...byGuidance(mode), options: { outputMode: 'elements' } }), items.slice(0, 1))).output[0];
		expect(perElement.map((item) => item.json.type)).toEqual(['DocumentData', 'Title', 'NarrativeText', 'NarrativeText']);
		expect(perElement[0].json.metadata).toMatchObject({ extracted_data: INVOICES['invoice-1.md'].data });
		expect(perElement.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('writes the extracted JSON unchanged as the binary output file', async () => {
		const result = await run(process({ ...bySchema(), options: { outputMode: 'binary' } }), items.slice(1));
		const [item] = result.output[0];
		expect(item.json).toEqual(origin('invoice-2.md'));
		expect(item.binary?.data).toMatchObject({ fileName: 'invoice-2.json', mimeType: 'application/json' });
		expect(JSON.parse((await readBinaryData(item.binary!.data)).toString('utf8'))).toEqual(INVOICES['invoice-2.md'].data);
	});

	it('refuses a JSON-mode extractor with both a schema and guidance before sending anything, naming the step', async () => {
		const jobNodes = [
			{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } },
			{ name: 'Invoice fields', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: SCHEMA, extraction_guidance: GUIDANCE } } },
		];
		const error = await failure(run(process({ partitioning: 'json', jobNodesJson: JSON.stringify(jobNodes) })));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(
			/^Invalid pipeline — Job Nodes \(JSON\) › job_nodes\[1\] "Invoice fields" › schema_to_extract: give exactly one of "json_schema" and "extraction_guidance", not both/,
		);
		expect(error.context.itemIndex).toBe(0);
		expect(await service.requests('/api/v1/jobs')).toHaveLength(0);
	});

	it('takes a JSON-mode extractor defined by guidance alone', async () => {
		const jobNodes = [
			{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } },
			{ name: 'Extract', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { extraction_guidance: GUIDANCE }, output_mode: 'extracted_data_only' } },
		];
		const result = await run(process({ partitioning: 'json', jobNodesJson: JSON.stringify(jobNodes), options: { outputMode: 'files' } }), items.slice(0, 1));
		expect(result.output[0][0].json.extracted_data).toEqual(INVOICES['invoice-1.md'].data);
	});
});

describe('Download Output and Run Workflow shape extracted data the same way', () => {
	it('Download Output: one item per record, or per file', async () => {
		const created = await run({ resource: 'job', operation: 'create', ...byGuidance() }, items.slice(0, 1));
		const jobId = created.output[0][0].json.id as string;
		await run({ resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: 1 } }, [{ json: {} }]);
		const perRecord = await run({ resource: 'job', operation: 'downloadOutput', jobId }, [{ json: {} }]);
		// Without the upload at hand the file name is unknown: extracted data alone carries none.
		expect(perRecord.output[0]).toEqual([
			{ json: { job_id: jobId, file_id: expect.any(String), node_id: expect.any(String), extracted_data: INVOICES['invoice-1.md'].data }, pairedItem: { item: 0 } },
		]);
		const perFile = await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'files', options: { outputSteps: 'all' } }, [{ json: {} }]);
		expect(perFile.output[0].map((item) => Object.keys(item.json).filter((key) => ['extracted_data', 'elements'].includes(key)))).toEqual([['elements'], ['extracted_data']]);
	});

	it('Run Workflow (wait and download): one item per input file with its extracted data', async () => {
		const workflow = await service.control<{ id: string }>('workflows', {
			body: {
				name: 'Invoices',
				job_nodes: [
					{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } },
					{ name: 'Extract', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: JSON.stringify(SCHEMA) }, output_mode: 'extracted_data_only' } },
				],
			},
		});
		const workflowId = { __rl: true, mode: 'id', value: workflow.id };
		const result = await run({ resource: 'workflow', operation: 'run', workflowId, afterRun: 'download', options: { maxPollIntervalSeconds: 1 } });
		expect(result.output[0]).toEqual(NAMES.map((name, index) => ({ json: { ...origin(name), extracted_data: INVOICES[name].data }, pairedItem: { item: index } })));
	});
});

describe('the trigger’s Download Outputs', () => {
	let bridge: WebhookBridge;
	beforeAll(async () => {
		bridge = await new WebhookBridge().start();
	});
	afterAll(async () => await bridge.close());

	it('gives extracted_data per output file, and one item per record', async () => {
		const workflow = await service.control<{ id: string }>('workflows', {
			body: {
				job_nodes: [
					{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } },
					{ name: 'Extract', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { extraction_guidance: GUIDANCE }, output_mode: 'extracted_data_only' } },
				],
			},
		});
		const hooks = (['event', 'elements'] as const).map((outputShape) => {
			const path = `/webhook/${randomUUID()}/webhook`;
			const hook = createHookHarness({
				nodeType: new DocumentProcessingTrigger(),
				parameters: { events: ['job.completed'], options: { downloadOutputs: true, outputShape } },
				credentials: service.credentials,
				webhookUrl: `${bridge.origin}${path}`,
				mode: 'trigger',
			});
			bridge.route(path, hook);
			return { hook, path };
		});
		for (const { hook } of hooks) await hook.activate();
		const client = new TestClient(service.emulator);
		const started = await client.api<IDataObject>(`/api/v1/workflows/${workflow.id}/run`, {
			form: form({}, [{ name: 'invoice-1.md', type: 'text/markdown', content: INVOICES['invoice-1.md'].text }]),
		});
		await client.waitFor(async () => service.emulator.store.jobs.get(started.body.id as string)?.status, (status) => status === 'COMPLETED');
		await service.emulator.deliveriesIdle();
		const delivered = (path: string) => bridge.deliveries.find((delivery) => delivery.path === path && delivery.workflowStarted)?.items ?? [];

		const [eventItem] = delivered(hooks[0].path);
		expect(eventItem.json.outputs).toEqual([{ job_id: started.body.id, file_id: expect.any(String), node_id: expect.any(String), extracted_data: INVOICES['invoice-1.md'].data }]);
		expect(delivered(hooks[1].path).map((item) => item.json.extracted_data)).toEqual([INVOICES['invoice-1.md'].data]);
		for (const { hook } of hooks) await hook.deactivate();
	});
});

describe('a service that carries the extraction on the first element instead of a DocumentData element', () => {
	it('still gives extracted_data per file (the emulator’s extraction_carrier setting)', async () => {
		service.emulator.setConfig({ extraction_carrier: 'first_element' });
		const result = await run(process({ ...bySchema({ outputMode: 'elements_with_extracted_data' }), options: { outputMode: 'files' } }), items.slice(0, 1));
		const [file] = result.output[0];
		const elements = file.json.elements as IDataObject[];
		expect(elements.map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'NarrativeText']);
		expect(file.json.extracted_data).toEqual(INVOICES['invoice-1.md'].data);
	});
});
