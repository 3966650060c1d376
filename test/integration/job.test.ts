import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { failure, textFile } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 300, schedule_delay_ms: 20 });
const { run } = world;
const fileItem = markdownItem;
const jobRequests = async () => (await world.service.requests('/api/v1/jobs')).filter((request) => request.method === 'POST');

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
				partitioning: 'hi_res',
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
				options: { extractImageBlockTypes: ['table'] },
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
		await run({ resource: 'job', operation: 'create', partitioning: 'json', jobNodesJson: JSON.stringify(jobNodes) }, [fileItem('a.md')]);
		const [sent] = await jobRequests();
		expect(JSON.parse(sent.fields.request_data as string)).toEqual({ job_nodes: jobNodes });
	});

	it('combines 23 files over 9 items into jobs of 10, 10 and 3 paired to the items that contributed', async () => {
		const counts = [3, 2, 4, 1, 5, 2, 4, 1, 1];
		const items = counts.map((count, itemIndex) => ({
			json: {},
			binary: Object.fromEntries(Array.from({ length: count }, (_, n) => [`file${n}`, textFile(`i${itemIndex}-f${n}.txt`, `Item ${itemIndex} file ${n}`)])),
		}));
		const result = await run({ resource: 'job', operation: 'create', inputSource: 'allBinary', options: { batchMode: 'combine' } }, items);
		const jobs = result.output[0];
		expect(jobs.map((job) => (job.json.input_file_ids as string[]).length)).toEqual([10, 10, 3]);
		expect(jobs.map((job) => job.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }],
			[{ item: 4 }, { item: 5 }, { item: 6 }],
			[{ item: 6 }, { item: 7 }, { item: 8 }],
		]);
		expect((jobs[2].json.input_files as IDataObject[]).map((file) => file.file_name)).toEqual(['i6-f3.txt', 'i7-f0.txt', 'i8-f0.txt']);
		expect((await world.service.counts()).jobs).toBe(3);
	});

	it.each([
		[
			'eleven files in one item',
			{ binaryPropertyName: Array.from({ length: 11 }, (_, n) => `f${n}`).join(',') },
			[{ json: {}, binary: Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`f${n}`, textFile(`f${n}.txt`, 'x')])) }],
			/Item 0 has 11 files; a job takes at most 10/,
		],
		['a missing binary property', { binaryPropertyName: 'scan' }, [fileItem('a.md')], /Item 0 has no binary field "scan"/],
		['an empty file', {}, [{ json: {}, binary: { data: textFile('empty.txt', '') } }], /The file is empty \(item 0, Input Binary Field "data", file "empty.txt"\)/],
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
		expect(error.message).toMatch(/51\.0 MB, over the service's 50 MB limit \(item 1, Input Binary Field "scan", file "huge.pdf"\)/);
	});

	it('names the pipeline field that holds invalid JSON', async () => {
		const error = await failure(
			run({ resource: 'job', operation: 'create', steps: { step: [{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema: '{"type": "object",' }] } }, [fileItem('a.md')]),
		);
		expect(error.message).toMatch(/Invalid pipeline — Step 1 \(Structured Data Extractor\) › JSON Schema: not valid JSON/);
		expect(await jobRequests()).toHaveLength(0);
	});

	it('keeps the other items’ jobs when one item fails and continue-on-fail is on', async () => {
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), { json: {} }, fileItem('c.md')], true);
		const out = result.output[0];
		expect(out).toHaveLength(3);
		expect(out[1].json.error).toMatch(/Item 1 has no binary field "data"/);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.id).toBeDefined();
		expect(out[2].json.id).toBeDefined();
	});

	it('retries a launch refused with 429 and creates exactly one job', async () => {
		await world.service.control('faults', { body: { method: 'POST', path: '/api/v1/jobs', status: 429, retry_after: '1', times: 1 } });
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')]);
		expect(result.output[0][0].json.status).toBe('SCHEDULED');
		expect((await world.service.counts()).jobs).toBe(1);
		expect(await jobRequests()).toHaveLength(2);
	});

	it('launches three items one second apart without surfacing a rate limit', async () => {
		const result = await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), fileItem('b.md'), fileItem('c.md')]);
		expect(result.output[0]).toHaveLength(3);
		const state = await world.service.counts();
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
		expect(await world.service.requests('/api/v1/jobs')).toHaveLength(0);
	});
});
