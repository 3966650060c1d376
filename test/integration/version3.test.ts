/**
 * Node version 3 through n8n-core against the emulator: the fields it moved into Options and the
 * named choices that replaced yes/no fields give the same requests and results as versions 1 and
 * 2 for the same choices, and a step that cannot work is refused before any upload.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { failure } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 80, schedule_delay_ms: 10 });
const v3 = async (parameters: INodeParameters, items = [markdownItem('a.md')]) => await world.runVersion(3, parameters, items);
const v2 = async (parameters: INodeParameters, items = [markdownItem('a.md')]) => await world.runVersion(2, parameters, items);
const process = (extra: INodeParameters = {}, options: IDataObject = {}): INodeParameters => ({
	resource: 'job',
	operation: 'process',
	...extra,
	options: { maxPollIntervalSeconds: 1, ...options },
});
const WORKFLOW_ID = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

const sentJobNodes = async (): Promise<IDataObject[][]> =>
	(await world.service.requests('/api/v1/jobs'))
		.filter((request) => request.method === 'POST')
		.map((request) => (JSON.parse(request.fields.request_data as string) as { job_nodes: IDataObject[] }).job_nodes);

describe('Process Files, version 3', () => {
	it('runs from the defaults as version 2 does: the same elements and the same VLM partition node', async () => {
		const now = await v3(process());
		const before = await v2({ resource: 'job', operation: 'process', waitOptions: { maxPollIntervalSeconds: 1 } });
		expect(now.output[0].map((item) => item.json.type)).toEqual(before.output[0].map((item) => item.json.type));
		expect(now.output[0].length).toBeGreaterThan(0);
		const [first, second] = await sentJobNodes();
		expect(first).toEqual(second);
		expect(first).toEqual([{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }]);
	});

	it('reads the named choices and the Options collection', async () => {
		const items = [markdownItem('a.md'), markdownItem('b.md')];
		const result = await v3(process({ partitioning: 'vlm' }, { modelPerPage: 'fixed', plainTextPages: 'model', batchMode: 'combine', outputMode: 'files' }), items);
		expect(result.output[0]).toHaveLength(2);
		expect(result.output[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const jobs = await sentJobNodes();
		expect(jobs).toHaveLength(1);
		expect(jobs[0][0].settings).toEqual({ is_dynamic: false, allow_fast: false });
	});

	it('sends a layout-model strategy as the service partition node', async () => {
		await v3(process({ partitioning: 'fast' }, { extractImageBlockTypes: ['table'] }));
		expect((await sentJobNodes())[0][0]).toMatchObject({ subtype: 'service_api', settings: { strategy: 'fast', extract_image_block_types: ['table'] } });
	});

	it('takes every binary field with Input › All Binary Fields', async () => {
		const item = { json: {}, binary: { ...markdownItem('a.md').binary, other: markdownItem('b.md').binary?.data } } as ReturnType<typeof markdownItem>;
		const result = await v3(process({ inputSource: 'allBinary' }, { outputMode: 'files' }), [item]);
		expect(result.output[0]).toHaveLength(2);
	});

	it('extracts with a guidance step, and refuses a step with no guidance before any upload', async () => {
		const step = { kind: 'llm', defineBy: 'extractionGuidance', extractionGuidance: 'The title' };
		const extracted = await v3(process({ steps: { step: [step] } }));
		expect(extracted.output[0][0].json.extracted_data).toBeDefined();
		await world.service.control('reset', { body: {} });
		// n8n refuses the empty required field first; a value given by expression meets the node's own check.
		const error = await failure(v3(process({ steps: { step: [{ kind: 'llm' }] } })));
		expect(error.message).toMatch(/"Extraction Guidance" is required/);
		const blank = await failure(v3(process({ steps: { step: [{ kind: 'llm', extractionGuidance: '={{ "  " }}' }] } })));
		expect(blank.message).toMatch(/extraction guidance is empty/);
		expect(await sentJobNodes()).toHaveLength(0);
	});

	it('refuses a JSON Schema step whose schema was left empty', async () => {
		const error = await failure(v3(process({ steps: { step: [{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema: '' }] } })));
		expect(error.message).toMatch(/JSON Schema is empty/);
	});
});

describe('Partition File, version 3', () => {
	const partitionRequests = async () => await world.service.requests('/general/v0/general');

	it('partitions from the defaults (High Resolution, one item per element)', async () => {
		const result = await v3({ resource: 'document', operation: 'partition' });
		expect(result.output[0].length).toBeGreaterThan(0);
		const [sent] = await partitionRequests();
		expect(sent.fields.strategy).toBe('hi_res');
	});

	it('reads chunking and the layout model from Options', async () => {
		await v3({ resource: 'document', operation: 'partition', options: { chunkingStrategy: 'by_title', maxCharacters: 200, hiResModelName: 'yolox' } });
		const [sent] = await partitionRequests();
		expect(sent.fields).toMatchObject({ chunking_strategy: 'by_title', max_characters: '200', hi_res_model_name: 'yolox' });
	});
});

describe('Run Workflow and Wait for Job, version 3', () => {
	const workflowId = { __rl: true, mode: 'list', value: WORKFLOW_ID };

	it('runs on no files with Input › No Files, and waits and downloads with Options', async () => {
		const started = await v3({ resource: 'workflow', operation: 'run', workflowId, inputSource: 'none' });
		expect(started.output[0][0].json.input_files).toEqual([]);
		const done = await v3({ resource: 'workflow', operation: 'run', workflowId, afterRun: 'download', outputMode: 'files', options: { maxPollIntervalSeconds: 1 } });
		expect(done.output[0][0].json).toHaveProperty('elements');
	});

	it('waits for a job with the Options timeout', async () => {
		const started = await v3({ resource: 'job', operation: 'create' });
		const jobId = { __rl: true, mode: 'id', value: started.output[0][0].json.id as string };
		const result = await v3({ resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: 1, timeoutMinutes: 1 } });
		expect(result.output[0][0].json).toMatchObject({ status: 'COMPLETED' });
	});
});
