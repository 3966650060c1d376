import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, textFile, type TestService } from './support/service';

let service: TestService;
beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 300, schedule_delay_ms: 20 });
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 300, schedule_delay_ms: 20 });
});

const run = async (parameters: INodeParameters, items?: HarnessItem[], continueOnFail = false) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials, continueOnFail });
const fileItem = (name: string, text = `# ${name}\n\nSome text about ${name}.`): HarnessItem => ({
	json: { name },
	binary: { data: textFile(name, text, 'text/markdown') },
});
const jobRequests = async () => (await service.requests('/api/v1/jobs')).filter((request) => request.method === 'POST');

describe('Create Job', () => {
	it('uploads the item’s file with name and type and returns the job with its input file map', async () => {
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('report.md')]);
		const job = result.output[0][0].json;
		expect(job).toMatchObject({ status: 'SCHEDULED', job_type: 'ephemeral', input_files: [{ file_name: 'report.md', item_index: 0, binary_property: 'data' }] });
		const inputFiles = job.input_files as IDataObject[];
		expect(job.input_file_map).toEqual({ 'report.md': (job.input_file_ids as string[])[0] });
		expect(inputFiles[0].file_id).toBe((job.input_file_ids as string[])[0]);
		const [sent] = await jobRequests();
		expect(sent.files).toEqual([expect.objectContaining({ field: 'input_files', filename: 'report.md', content_type: 'text/markdown' })]);
		expect(JSON.parse(sent.fields.request_data as string)).toEqual({
			job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }],
		});
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
	});

	it('sends every node kind of the pipeline builder, in order, with json_schema as a string', async () => {
		const schema = { type: 'object', properties: { total: { type: 'number' } } };
		await run(
			{
				resource: 'job',
				operation: 'create',
				partitionSubtype: 'service_api',
				strategy: 'hi_res',
				extractImageBlockTypes: ['table'],
				steps: {
					step: [
						{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema: JSON.stringify(schema), provider: 'p', model: 'm' },
						{ kind: 'provider_ocr', providerType: 'p', model: 'ocr' },
						{ kind: 'provider_image_description', providerType: 'p', model: 'img' },
						{ kind: 'twopass_table2html' },
						{ kind: 'provider_table_description', providerType: 'p', model: 'tab' },
						{ kind: 'provider_ner', providerType: 'p', model: 'ner' },
					],
				},
			},
			[fileItem('a.md')],
		);
		const [sent] = await jobRequests();
		const nodes = (JSON.parse(sent.fields.request_data as string) as { job_nodes: IDataObject[] }).job_nodes;
		expect(nodes.map((node) => `${node.type}/${node.subtype}`)).toEqual([
			'partition/service_api',
			'structured_data_extractor/llm',
			'prompter/provider_ocr',
			'prompter/provider_image_description',
			'prompter/twopass_table2html',
			'prompter/provider_table_description',
			'prompter/provider_ner',
		]);
		expect(nodes[0].settings).toEqual({ strategy: 'hi_res', extract_image_block_types: ['table'] });
		expect(nodes[1].settings).toEqual({
			schema_to_extract: { json_schema: JSON.stringify(schema) },
			provider: 'p',
			model: 'm',
			output_mode: 'extracted_data_only',
		});
		expect(nodes[4]).toEqual({ name: 'Table to HTML', type: 'prompter', subtype: 'twopass_table2html' });
	});

	it('takes raw job nodes in JSON mode', async () => {
		const jobNodes = [{ name: 'P', type: 'partition', subtype: 'vlm', settings: { is_dynamic: false, allow_fast: true } }];
		await run({ resource: 'job', operation: 'create', pipelineMode: 'json', jobNodesJson: JSON.stringify(jobNodes) }, [fileItem('a.md')]);
		const [sent] = await jobRequests();
		expect(JSON.parse(sent.fields.request_data as string)).toEqual({ job_nodes: jobNodes });
	});

	it('combines 23 files over 9 items into jobs of 10, 10 and 3 paired to the items that contributed', async () => {
		const counts = [3, 2, 4, 1, 5, 2, 4, 1, 1];
		const items = counts.map((count, itemIndex) => ({
			json: {},
			binary: Object.fromEntries(Array.from({ length: count }, (_, n) => [`file${n}`, textFile(`i${itemIndex}-f${n}.txt`, `Item ${itemIndex} file ${n}`)])),
		}));
		const result = await run({ resource: 'job', operation: 'create', batchMode: 'combine', allBinaryProperties: true }, items);
		const jobs = result.output[0];
		expect(jobs.map((job) => (job.json.input_file_ids as string[]).length)).toEqual([10, 10, 3]);
		expect(jobs.map((job) => job.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }],
			[{ item: 4 }, { item: 5 }, { item: 6 }],
			[{ item: 6 }, { item: 7 }, { item: 8 }],
		]);
		expect((jobs[2].json.input_files as IDataObject[]).map((file) => file.file_name)).toEqual(['i6-f3.txt', 'i7-f0.txt', 'i8-f0.txt']);
		expect((await service.counts()).jobs).toBe(3);
	});

	it.each([
		[
			'eleven files in one item',
			{ binaryPropertyName: Array.from({ length: 11 }, (_, n) => `f${n}`).join(',') },
			[{ json: {}, binary: Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`f${n}`, textFile(`f${n}.txt`, 'x')])) }],
			/Item 0 has 11 files; a job takes at most 10/,
		],
		['a missing binary property', { binaryPropertyName: 'scan' }, [fileItem('a.md')], /Item 0 has no binary property "scan"/],
		['an empty file', {}, [{ json: {}, binary: { data: textFile('empty.txt', '') } }], /The file is empty \(item 0, binary property "data", file "empty.txt"\)/],
	])('refuses %s before sending anything', async (_name, extra, items, message) => {
		const error = await failure(run({ resource: 'job', operation: 'create', ...extra }, items));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(error.context.itemIndex).toBe(0);
		expect(await jobRequests()).toHaveLength(0);
	});

	it('refuses a file over 50 MB naming item, property and file', async () => {
		const big = { json: {}, binary: { scan: { data: Buffer.alloc(51 * 1024 * 1024, 1), fileName: 'huge.pdf', mimeType: 'application/pdf' } } };
		const small = { json: {}, binary: { scan: textFile('ok.md', '# ok') } };
		const error = await failure(run({ resource: 'job', operation: 'create', binaryPropertyName: 'scan' }, [small, big]));
		expect(error.message).toMatch(/51\.0 MB, over the service's 50 MB limit \(item 1, binary property "scan", file "huge.pdf"\)/);
	});

	it('names the pipeline field that holds invalid JSON', async () => {
		const error = await failure(
			run({ resource: 'job', operation: 'create', steps: { step: [{ kind: 'llm', jsonSchema: '{"type": "object",' }] } }, [fileItem('a.md')]),
		);
		expect(error.message).toMatch(/Invalid pipeline — Step 1 \(Structured Data Extractor\) › JSON Schema: not valid JSON/);
		expect(await jobRequests()).toHaveLength(0);
	});

	it('keeps the other items’ jobs when one item fails and continue-on-fail is on', async () => {
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), { json: {} }, fileItem('c.md')], true);
		const out = result.output[0];
		expect(out).toHaveLength(3);
		expect(out[1].json.error).toMatch(/Item 1 has no binary property "data"/);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.id).toBeDefined();
		expect(out[2].json.id).toBeDefined();
	});

	it('retries a launch refused with 429 and creates exactly one job', async () => {
		await service.control('faults', { body: { method: 'POST', path: '/api/v1/jobs', status: 429, retry_after: '1', times: 1 } });
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')]);
		expect(result.output[0][0].json.status).toBe('SCHEDULED');
		expect((await service.counts()).jobs).toBe(1);
		expect(await jobRequests()).toHaveLength(2);
	});

	it('launches three items one second apart without surfacing a rate limit', async () => {
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), fileItem('b.md'), fileItem('c.md')]);
		expect(result.output[0]).toHaveLength(3);
		const state = await service.counts();
		expect(state.rate_limited).toBe(0);
		expect(state.jobs).toBe(3);
	});
});

describe('Get Job', () => {
	it('returns the job record', async () => {
		const created = (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')])).output[0][0].json;
		const result = await run({ resource: 'job', operation: 'get', jobId: created.id as string });
		expect(result.output[0][0].json).toMatchObject({ id: created.id, workflow_id: created.workflow_id });
	});
	it('says which job was not found', async () => {
		const error = await failure(run({ resource: 'job', operation: 'get', jobId: '00000000-0000-4000-8000-000000000000' }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/^Job "00000000-0000-4000-8000-000000000000" was not found/);
		expect((error as NodeApiError).httpCode).toBe('404');
	});
	it('refuses an id that is not an id before sending', async () => {
		const error = await failure(run({ resource: 'job', operation: 'get', jobId: 'job-42' }));
		expect(error.message).toBe('Job ID "job-42" is not a valid ID');
		expect(await service.requests('/api/v1/jobs')).toHaveLength(0);
	});
});

describe('Wait for Job', () => {
	const create = async () => (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')])).output[0][0].json.id as string;

	it('returns the completed job', async () => {
		const id = await create();
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id });
		expect(result.output[0][0].json).toMatchObject({ id, status: 'COMPLETED', succeeded: true });
		expect(result.output[0][0].json.output_node_files).toHaveLength(1);
	});

	it.each(['FAILED', 'STOPPED'] as const)('fails on a %s job, or outputs it when asked not to fail', async (status) => {
		service.emulator.setConfig({ job_duration_ms: 60_000 });
		const id = await create();
		const waiting = run({ resource: 'job', operation: 'waitForCompletion', jobId: id });
		setTimeout(() => void service.emulator.finishJob(id, status), 300);
		const error = await failure(waiting);
		expect(error.message).toBe(`Job "${id}" ended with status ${status}`);
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id, waitOptions: { failOnJobFailure: false } });
		expect(result.output[0][0].json).toMatchObject({ id, status, succeeded: false });
	});

	it('explains a timeout while the job is SCHEDULED behind five running jobs', async () => {
		service.emulator.setConfig({ max_running_jobs: 1, job_duration_ms: 60_000 });
		await create();
		const id = await create();
		const error = await failure(run({ resource: 'job', operation: 'waitForCompletion', jobId: id, waitOptions: { timeoutMinutes: 0.03 } }));
		expect(error.message).toMatch(/did not finish within 0\.03 minutes \(last status: SCHEDULED\)/);
		expect(error.description).toMatch(/at most 5 on-demand jobs/);
	});

	it('reports the sixth concurrent job SCHEDULED and completes it once a slot frees', async () => {
		service.emulator.setConfig({ job_duration_ms: 60_000 });
		const items = Array.from({ length: 6 }, (_, n) => fileItem(`f${n}.md`));
		const jobs = (await run({ resource: 'job', operation: 'create' }, items)).output[0].map((item) => item.json.id as string);
		const statuses = async () =>
			(await run({ resource: 'job', operation: 'get', jobId: '={{ $json.id }}' }, jobs.map((id) => ({ json: { id } })))).output[0].map(
				(item) => item.json.status,
			);
		// Items launch side by side, so which item's job came sixth is not fixed; that one is SCHEDULED.
		const before = await statuses();
		expect([...before].sort()).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'SCHEDULED']);
		const sixth = jobs[before.indexOf('SCHEDULED')];
		service.emulator.setConfig({ job_duration_ms: 300 });
		await service.emulator.finishJob(jobs[before.indexOf('IN_PROGRESS')], 'COMPLETED');
		const waited = await run({ resource: 'job', operation: 'waitForCompletion', jobId: sixth });
		expect(waited.output[0][0].json.status).toBe('COMPLETED');
	});

	it('waits for many items side by side, not one after another', async () => {
		service.emulator.setConfig({ job_duration_ms: 60_000 });
		const ids = (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), fileItem('b.md'), fileItem('c.md')])).output[0].map(
			(item) => item.json.id as string,
		);
		await service.control('requests', { method: 'DELETE' });
		const waiting = run({ resource: 'job', operation: 'waitForCompletion', jobId: '={{ $json.id }}' }, ids.map((id) => ({ json: { id } })));
		// Every job has been polled at least once while all three are still running.
		for (let attempt = 0; attempt < 100; attempt++) {
			const polled = new Set((await service.requests('/api/v1/jobs/')).map((request) => request.path.split('/').pop()));
			if (ids.every((id) => polled.has(id))) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		const polled = new Set((await service.requests('/api/v1/jobs/')).map((request) => request.path.split('/').pop()));
		expect(ids.filter((id) => polled.has(id))).toEqual(ids);
		for (const id of ids) await service.emulator.finishJob(id, 'COMPLETED');
		expect((await waiting).output[0].map((item) => item.json.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
	});
});

describe('Download Output', () => {
	let jobId: string;
	beforeEach(async () => {
		const created = await run(
			{ resource: 'job', operation: 'create', allBinaryProperties: true, steps: { step: [{ kind: 'provider_ner', providerType: 'p', model: 'm' }] } },
			[{ json: {}, binary: { a: textFile('alpha.md', '# Alpha\n\nAlice met Bob in Paris.', 'text/markdown'), b: textFile('beta.txt', 'Beta text.') } }],
		);
		jobId = created.output[0][0].json.id as string;
		await run({ resource: 'job', operation: 'waitForCompletion', jobId });
	});
	it('outputs one item per element of the final node by default', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId });
		const elements = result.output[0].map((item) => item.json);
		expect(elements.length).toBeGreaterThanOrEqual(3);
		expect(elements[0]).toMatchObject({ type: 'Title', text: 'Alpha', element_id: expect.any(String) });
		expect(elements.some((element) => (element.metadata as IDataObject).entities !== undefined)).toBe(true);
		expect(result.output[0].every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('outputs one item per file with the input file name, for every node when asked', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'files', lastNodeOnly: false });
		const files = result.output[0].map((item) => item.json);
		expect(files).toHaveLength(4);
		expect(new Set(files.map((file) => file.node_id)).size).toBe(2);
		expect(files.map((file) => file.input_file_name).sort()).toEqual(['alpha.md', 'alpha.md', 'beta.txt', 'beta.txt']);
		expect(files[0]).toMatchObject({ job_id: jobId, element_count: (files[0].elements as unknown[]).length });
	});

	it('outputs a file as binary JSON', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'binary', outputBinaryPropertyName: 'elements' });
		expect(result.output[0]).toHaveLength(2);
		const binary = result.output[0][0].binary?.elements;
		expect(binary).toMatchObject({ fileName: 'alpha.json', mimeType: 'application/json' });
		const parsed = JSON.parse((await result.readBinary(0, 'elements')).toString()) as IDataObject[];
		expect(parsed[0]).toMatchObject({ type: 'Title', text: 'Alpha' });
		expect(result.output[0][0].json.element_count).toBe(parsed.length);
	});

	it('downloads one file by id', async () => {
		const job = (await run({ resource: 'job', operation: 'get', jobId })).output[0][0].json;
		const fileId = (job.input_file_ids as string[])[1];
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, fileSelection: 'one', fileId, outputMode: 'files' });
		expect(result.output[0].map((item) => item.json.input_file_name)).toEqual(['beta.txt']);
	});

	it('says when the job has not completed yet', async () => {
		service.emulator.setConfig({ job_duration_ms: 60_000 });
		const id = (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')])).output[0][0].json.id as string;
		const error = await failure(run({ resource: 'job', operation: 'downloadOutput', jobId: id }));
		expect(error.message).toMatch(/has no outputs to download yet \(status: (SCHEDULED|IN_PROGRESS)\)/);
	});
});

describe('Process Files', () => {
	it('creates, waits and downloads, pairing each element to the item whose file it came from', async () => {
		const result = await run({ resource: 'job', operation: 'process', batchMode: 'combine', outputMode: 'files' }, [fileItem('one.md'), fileItem('two.md')]);
		const files = result.output[0];
		expect(files.map((item) => [item.json.input_file_name, item.pairedItem])).toEqual([
			['one.md', { item: 0 }],
			['two.md', { item: 1 }],
		]);
		expect((await service.counts()).jobs).toBe(1);
	});

	it('outputs elements per item by default, one job per item', async () => {
		const result = await run({ resource: 'job', operation: 'process' }, [fileItem('one.md'), fileItem('two.md')]);
		const texts = result.output[0].map((item) => [item.json.text, item.pairedItem]);
		expect(texts).toContainEqual(['one.md', { item: 0 }]);
		expect(texts).toContainEqual(['two.md', { item: 1 }]);
		expect((await service.counts()).jobs).toBe(2);
	});
});

describe('Run Workflow', () => {
	const workflowId = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

	it('starts the stored workflow with the item’s files and returns the SCHEDULED job', async () => {
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: workflowId } }, [fileItem('w.md')]);
		expect(result.output[0][0].json).toMatchObject({ status: 'SCHEDULED', workflow_id: workflowId, input_files: [{ file_name: 'w.md' }] });
		const [sent] = (await service.requests(`/api/v1/workflows/${workflowId}/run`));
		expect(sent.files).toEqual([expect.objectContaining({ field: 'input_files', filename: 'w.md' })]);
	});

	it('accepts a URL containing the id, waits and downloads', async () => {
		const url = `https://platform.docservice.example/app/workflows/${workflowId}/details`;
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'url', value: url }, afterRun: 'download' }, [fileItem('w.md')]);
		expect(result.output[0][0].json).toMatchObject({ type: 'Title', text: 'w.md' });
	});

	it('runs without files when asked', async () => {
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: workflowId }, sendFiles: false });
		expect(result.output[0][0].json.input_files).toEqual([]);
	});

	it('names an unknown workflow', async () => {
		const other = '11111111-2222-4333-8444-555555555555';
		const error = await failure(run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: other } }, [fileItem('w.md')]));
		expect(error.message).toMatch(new RegExp(`^Workflow "${other}" was not found`));
	});

	it('refuses a URL without an id before sending', async () => {
		const error = await failure(run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'url', value: 'https://x.example/app/workflows/' } }, [fileItem('w.md')]));
		// n8n itself refuses the locator before the node runs; an expression-fed value reaches the node’s own check.
		expect(error.message).toMatch(/not a workflow ID or a URL containing one|node has issues/);
		expect(await service.requests('/api/v1/workflows')).toHaveLength(0);
	});
});

describe('Run Workflow with an expression-fed id', () => {
	it('checks the id in the node before sending', async () => {
		const error = await failure(
			run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: '={{ $json.wf }}' }, sendFiles: false }, [{ json: { wf: 'not-an-id' } }]),
		);
		expect(error.message).toBe('Workflow "not-an-id" is not a workflow ID or a URL containing one');
		expect(await service.requests('/api/v1/workflows')).toHaveLength(0);
	});
});
