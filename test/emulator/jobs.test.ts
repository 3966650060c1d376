import { detailText, form, sleep, type UploadFile } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';
import { slowMultipartPost } from './test-support/slow-upload';
import type { JobResponse as JobBody } from './jobs/job-view';


interface ElementBody {
	type: string;
	element_id: string;
	text: string;
	metadata: Record<string, unknown> & { page_number: number; filename: string };
}

interface EventBody {
	id: string;
	event_type: string;
	payload: { job_id: string; status: string; workflow_id: string };
	workflow_id: string | null;
	is_read: boolean;
}

const h = useEmulator();

async function createJob(files: UploadFile[] = [TEXT_FILE], jobNodes: unknown = PARTITION_ONLY) {
	return h.client.api<JobBody>('/api/v1/jobs/', { form: form({ request_data: requestData(jobNodes) }, files) });
}

async function getJob(id: string): Promise<JobBody> {
	return (await h.client.api<JobBody>(`/api/v1/jobs/${id}`)).body;
}

function waitForStatus(id: string, statuses: string[], timeoutMs = 5000): Promise<JobBody> {
	return h.client.waitFor(() => getJob(id), (job) => statuses.includes(job.status), timeoutMs);
}

async function jobEvents(jobId: string): Promise<EventBody[]> {
	const events = await h.client.control<{ events: EventBody[] }>('/events');
	return events.body.events.filter((event) => event.payload.job_id === jobId);
}

describe('on-demand job creation', () => {
	it('answers with a SCHEDULED ephemeral job that has one input file id per file', async () => {
		const second = { name: 'b.md', type: 'text/markdown', content: '# B\n\nText.' };
		const response = await createJob([TEXT_FILE, second]);
		expect(response.status).toBe(200);
		const job = response.body;
		expect(job).toMatchObject({ status: 'SCHEDULED', job_type: 'ephemeral', runtime: 'PT0S' });
		expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(job.workflow_id).toMatch(/^[0-9a-f-]{36}$/);
		expect(job.workflow_name).toBe(`job-${job.id.slice(0, 8)}`);
		expect(Number.isNaN(Date.parse(job.created_at))).toBe(false);
		expect(job.input_file_ids).toHaveLength(2);
		expect(new Set(job.input_file_ids).size).toBe(2);
		expect(job.output_node_files).toBeUndefined();
	});

	it('gives every on-demand job its own workflow id', async () => {
		const a = await createJob();
		const b = await createJob();
		expect(a.body.workflow_id).not.toBe(b.body.workflow_id);
	});

	it('moves SCHEDULED → IN_PROGRESS → COMPLETED and records one event per change', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 30, job_duration_ms: 400 });
		const { body: created } = await createJob();
		const running = await waitForStatus(created.id, ['IN_PROGRESS']);
		expect(running.output_node_files).toBeUndefined();
		const done = await waitForStatus(created.id, ['COMPLETED']);
		expect(done.runtime).toMatch(/^PT\d+(\.\d)?S$/);
		expect(Number(done.runtime.slice(2, -1))).toBeGreaterThanOrEqual(0.1);
		const events = await jobEvents(created.id);
		expect(events.map((event) => [event.event_type, event.payload.status])).toEqual([
			['job.scheduled', 'SCHEDULED'],
			['job.in_progress', 'IN_PROGRESS'],
			['job.completed', 'COMPLETED'],
		]);
		for (const event of events) {
			expect(event).toMatchObject({ workflow_id: null, is_read: false, payload: { workflow_id: created.workflow_id } });
			const read = await h.client.api<EventBody>(`/api/v1/notifications/${event.id}`);
			expect(read.status).toBe(200);
			expect(read.body).toEqual(event);
		}
	});

	it('answers 404 naming the id for unknown jobs and notifications', async () => {
		const job = await h.client.api('/api/v1/jobs/4e4f0a4e-0000-4000-8000-000000000000');
		expect(job.status).toBe(404);
		expect(detailText(job.body)).toContain('4e4f0a4e-0000-4000-8000-000000000000');
		const event = await h.client.api('/api/v1/notifications/evt-123');
		expect(event.status).toBe(404);
		expect(detailText(event.body)).toContain('evt-123');
	});
});

describe('outputs and download', () => {
	const pipeline = [
		...PARTITION_ONLY,
		{ name: 'NER', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'provider', model: 'm' } },
	];

	it('lists one output per (node, input file) whose file_id is the input file id', async () => {
		const { body: created } = await createJob([TEXT_FILE, { ...TEXT_FILE, name: 'other.txt' }], pipeline);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const outputs = job.output_node_files ?? [];
		expect(outputs).toHaveLength(4);
		const nodeIds = [...new Set(outputs.map((output) => output.node_id))];
		expect(nodeIds).toHaveLength(2);
		for (const nodeId of nodeIds) {
			expect(outputs.filter((output) => output.node_id === nodeId).map((output) => output.file_id)).toEqual(job.input_file_ids);
		}
	});

	it("downloads the last node's output by default and a given node's output with node_id", async () => {
		const { body: created } = await createJob([TEXT_FILE], pipeline);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const fileId = job.input_file_ids[0] ?? '';
		const [partitionNode, nerNode] = [...new Set((job.output_node_files ?? []).map((output) => output.node_id))];
		const last = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}`);
		expect(last.status).toBe(200);
		expect(last.body.map((element) => element.text)).toEqual(['Quarterly Summary', 'Revenue grew in every region this quarter.']);
		expect(last.body[0]?.metadata.entities).toBeDefined();
		const explicitLast = await h.client.api(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${nerNode ?? ''}`);
		expect(explicitLast.body).toEqual(last.body);
		const first = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${partitionNode ?? ''}`);
		expect(first.body[0]?.metadata.entities).toBeUndefined();
		expect(first.body[0]?.metadata).toMatchObject({ filename: 'notes.txt', filetype: 'text/plain', page_number: 1, languages: ['eng'] });
	});

	it('refuses downloads before COMPLETED (409) and for unknown files, nodes or missing file_id', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 5000 });
		const { body: created } = await createJob();
		const early = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=${created.input_file_ids[0] ?? ''}`);
		expect(early.status).toBe(409);
		expect(detailText(early.body)).toContain('SCHEDULED');
		await h.client.control(`/jobs/${created.id}/finish`, 'POST', { status: 'COMPLETED' });
		const unknownFile = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=nope-1`);
		expect(unknownFile.status).toBe(404);
		expect(detailText(unknownFile.body)).toContain('nope-1');
		const unknownNode = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=${created.input_file_ids[0] ?? ''}&node_id=node-x`);
		expect(unknownNode.status).toBe(404);
		expect(detailText(unknownNode.body)).toContain('node-x');
		expect((await h.client.api(`/api/v1/jobs/${created.id}/download`)).status).toBe(422);
	});

	it('fills every node kind deterministically', async () => {
		const html =
			'<h1>Invoice Report</h1><p>Alice Smith paid Acme Corporation in Berlin.</p>' +
			'<table><tr><th>Item</th><th>Price</th></tr><tr><td>Widget</td><td>10</td></tr></table><img src="logo.png" alt="Company logo">';
		const schema = { type: 'object', properties: { customer: { type: 'string' }, total: { type: 'number' }, paid: { type: 'boolean' }, items: { type: 'array', items: { type: 'string' } }, currency: { enum: ['EUR', 'USD'] } } };
		const nodes = [
			{ name: 'Partition', type: 'partition', subtype: 'service_api', settings: { strategy: 'hi_res', extract_image_block_types: ['image', 'table'] } },
			{ name: 'Extract', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: JSON.stringify(schema) }, provider: 'p', model: 'm', output_mode: 'extracted_data_only' } },
			{ name: 'OCR', type: 'prompter', subtype: 'provider_ocr', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'Images', type: 'prompter', subtype: 'provider_image_description', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'Tables', type: 'prompter', subtype: 'twopass_table2html' },
			{ name: 'TableText', type: 'prompter', subtype: 'provider_table_description', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'NER', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'p', model: 'm' } },
		];
		const { body: created } = await createJob([{ name: 'invoice.html', type: 'text/html', content: html }], nodes);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const fileId = job.input_file_ids[0] ?? '';
		const nodeIds = [...new Set((job.output_node_files ?? []).map((output) => output.node_id))];
		expect(nodeIds).toHaveLength(7);
		const outputOf = async (index: number): Promise<ElementBody[]> =>
			(await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${nodeIds[index] ?? ''}`)).body;

		const partitioned = await outputOf(0);
		expect(partitioned.map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'Table', 'Image']);
		expect(partitioned[2]?.metadata.image_base64).toEqual(expect.any(String));
		// extracted_data_only: the file is the extracted object alone; nothing in this page is labelled with the schema's fields.
		expect(await outputOf(1)).toEqual({ customer: null, total: null, paid: null, items: [], currency: null });
		expect((await outputOf(2)).map((element) => element.text)).toEqual(partitioned.map((element) => element.text));
		const described = await outputOf(3);
		expect(described[3]?.metadata.image_description).toContain('Company logo');
		expect(described[0]?.metadata.image_description).toBeUndefined();
		const tables = await outputOf(4);
		expect(tables[2]?.metadata.text_as_html).toBe('<table><tr><td>Item</td><td>Price</td></tr><tr><td>Widget</td><td>10</td></tr></table>');
		const tableText = await outputOf(5);
		expect(tableText[2]?.metadata.table_description).toContain('Widget');
		const entities = await outputOf(6);
		expect(entities[1]?.metadata.entities).toEqual({
			items: [
				{ entity: 'Alice Smith', type: 'PROPER_NOUN' },
				{ entity: 'Acme Corporation', type: 'PROPER_NOUN' },
				{ entity: 'Berlin', type: 'PROPER_NOUN' },
			],
			relationships: [],
		});
		// The last node's output carries what every earlier prompter added; the extractor's data stayed in its own file.
		expect(entities[3]?.metadata.image_description).toBeDefined();
		expect(entities[2]?.metadata.table_description).toBeDefined();
		expect(entities.some((element) => element.metadata.extracted_data !== undefined)).toBe(false);
	});

	it('accepts json_schema as an object (SDK form) as well as a JSON string', async () => {
		const nodes = [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: { type: 'object', properties: { name: { type: 'string' } } } } } }];
		const { body: created, status } = await createJob([TEXT_FILE], nodes);
		expect(status).toBe(200);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const output = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${job.input_file_ids[0] ?? ''}`);
		// No output_mode: the service's default, elements led by a DocumentData element carrying the data.
		expect(output.body.map((element) => element.type)).toEqual(['DocumentData', 'Title', 'NarrativeText']);
		expect(output.body[0]?.metadata.extracted_data).toEqual({ name: 'Quarterly Summary' });
	});

	it('ends FAILED, without outputs, when an input file cannot be partitioned', async () => {
		const { body: created } = await createJob([{ name: 'archive.zip', type: 'application/zip', content: 'PK\u0003\u0004rest' }]);
		const job = await waitForStatus(created.id, ['COMPLETED', 'FAILED']);
		expect(job.status).toBe('FAILED');
		expect(job.output_node_files).toBeUndefined();
		const details = await h.client.control<{ failure: string }>(`/jobs/${job.id}`);
		expect(details.body.failure).toContain('archive.zip');
		expect((await jobEvents(job.id)).map((event) => event.event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.failed']);
	});
});

describe('job_nodes validation', () => {
	const extractor = (jsonSchema: unknown) => ({ name: 'x', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: jsonSchema } } });
	const cases: Array<[string, unknown, string]> = [
		['an empty list', [], 'job_nodes'],
		['an unknown type', [...PARTITION_ONLY, { type: 'summarizer', subtype: 'llm', settings: {} }], 'job_nodes[1].type'],
		['an unknown subtype', [{ type: 'partition', subtype: 'magic', settings: {} }], 'job_nodes[0].subtype'],
		['a partition node that is not first', [{ type: 'prompter', subtype: 'twopass_table2html' }, ...PARTITION_ONLY], 'job_nodes[1].type'],
		['two partition nodes', [...PARTITION_ONLY, ...PARTITION_ONLY], 'exactly one partition node'],
		['no partition node', [{ type: 'prompter', subtype: 'twopass_table2html' }], 'exactly one partition node'],
		['a json_schema that is not JSON', [...PARTITION_ONLY, extractor('{not json')], 'job_nodes[1].settings.schema_to_extract.json_schema'],
		['a json_schema that encodes an array', [...PARTITION_ONLY, extractor('[1,2]')], 'job_nodes[1].settings.schema_to_extract.json_schema'],
		['a json_schema that is a number', [...PARTITION_ONLY, extractor(42)], 'job_nodes[1].settings.schema_to_extract.json_schema'],
		['both json_schema and extraction_guidance', [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: '{"type":"object"}', extraction_guidance: 'the total' } } }], 'job_nodes[1].settings.schema_to_extract: give exactly one of json_schema and extraction_guidance, not both'],
		['neither json_schema nor extraction_guidance', [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: {} } }], 'job_nodes[1].settings.schema_to_extract: one of json_schema and extraction_guidance is required'],
		['an empty extraction_guidance', [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { extraction_guidance: ' ' } } }], 'job_nodes[1].settings.schema_to_extract.extraction_guidance'],
		['an unknown output_mode', [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { extraction_guidance: 'the total' }, output_mode: 'everything' } }], 'job_nodes[1].settings.output_mode'],
		['a missing schema_to_extract', [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: {} }], 'job_nodes[1].settings.schema_to_extract'],
		['a non-boolean is_dynamic', [{ type: 'partition', subtype: 'vlm', settings: { is_dynamic: 'yes' } }], 'job_nodes[0].settings.is_dynamic'],
		['bad extract_image_block_types', [{ type: 'partition', subtype: 'service_api', settings: { extract_image_block_types: ['video'] } }], 'job_nodes[0].settings.extract_image_block_types'],
		['missing settings on a prompter', [...PARTITION_ONLY, { type: 'prompter', subtype: 'provider_ner' }], 'job_nodes[1].settings'],
		['a non-string model', [...PARTITION_ONLY, { type: 'prompter', subtype: 'provider_ocr', settings: { model: 3 } }], 'job_nodes[1].settings.model'],
	];

	it.each(cases)('rejects %s with 422 naming the node and field', async (_label, jobNodes, expected) => {
		const response = await createJob([TEXT_FILE], jobNodes);
		expect(response.status).toBe(422);
		expect(Array.isArray((response.body as unknown as { detail: unknown }).detail)).toBe(true);
		expect(detailText(response.body)).toContain(expected);
	});

	it('rejects a missing or malformed request_data and a job without files', async () => {
		const noData = await h.client.api('/api/v1/jobs/', { form: form({}, [TEXT_FILE]) });
		expect(noData.status).toBe(422);
		expect(detailText(noData.body)).toContain('request_data');
		const badJson = await h.client.api('/api/v1/jobs/', { form: form({ request_data: '{oops' }, [TEXT_FILE]) });
		expect(badJson.status).toBe(422);
		const noFiles = await h.client.api('/api/v1/jobs/', { form: form({ request_data: requestData() }) });
		expect(noFiles.status).toBe(422);
		expect(detailText(noFiles.body)).toContain('input_files');
		const notMultipart = await h.client.api('/api/v1/jobs/', { json: { job_nodes: PARTITION_ONLY } });
		expect(notMultipart.status).toBe(422);
		expect((await h.client.control<{ jobs: number }>('/state')).body.jobs).toBe(0);
	});
});

describe('limits', () => {
	it('rejects more than 10 files and accepts exactly 10', async () => {
		const files = (count: number): UploadFile[] => Array.from({ length: count }, (_, i) => ({ ...TEXT_FILE, name: `f${i}.txt` }));
		const tooMany = await createJob(files(11));
		expect(tooMany.status).toBe(422);
		expect(detailText(tooMany.body)).toContain('11');
		const ten = await createJob(files(10));
		expect(ten.status).toBe(200);
		expect(ten.body.input_file_ids).toHaveLength(10);
	});

	it('rejects a file over 50 MiB with 413 and accepts one of exactly 52,428,800 bytes', async () => {
		const limit = 52_428_800;
		const tooBig = await createJob([{ name: 'big.bin', type: 'application/octet-stream', content: new Uint8Array(limit + 1) }]);
		expect(tooBig.status).toBe(413);
		expect(detailText(tooBig.body)).toContain('big.bin');
		const atLimit = await createJob([{ name: 'edge.txt', type: 'text/plain', content: new Uint8Array(limit).fill(0x61) }]);
		expect(atLimit.status).toBe(200);
		const log = await h.client.control<{ requests: Array<{ files: Array<{ size: number }> }> }>('/requests');
		expect(log.body.requests.map((request) => request.files[0]?.size)).toEqual([limit + 1, limit]);
		// Too big to parse in memory: the output is a placeholder naming size and hash.
		const job = await waitForStatus(atLimit.body.id, ['COMPLETED']);
		const output = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${job.input_file_ids[0] ?? ''}`);
		expect(output.body).toHaveLength(1);
		expect(output.body[0]?.text).toContain(`${limit} bytes`);
	});
});

describe('launch spacing (429)', () => {
	it('rejects a launch less than launch_spacing_ms after the previous accepted one, with Retry-After', async () => {
		await h.client.control('/config', 'POST', { launch_spacing_ms: 600 });
		expect((await createJob()).status).toBe(200);
		const limited = await createJob();
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
		expect(Number(limited.headers.get('retry-after'))).toBe(1);
		expect(detailText(limited.body)).toContain('600 ms');
		await sleep(620);
		expect((await createJob()).status).toBe(200);
		expect((await h.client.control('/state')).body).toMatchObject({ jobs: 2, launches: 2, rate_limited: 1 });
	});

	it('counts the spacing from acceptance, once the upload has arrived, and refuses only after the upload', async () => {
		await h.client.control('/config', 'POST', { launch_spacing_ms: 1000 });
		// The slow upload arrives first but completes 600 ms later, after the fast launch was accepted.
		const slow = slowMultipartPost(`${h.emulator.url}/api/v1/jobs/`, h.emulator.apiKey, { request_data: requestData() }, TEXT_FILE, 600);
		await sleep(100);
		expect((await createJob()).status).toBe(200);
		// A launch that starts within the second but whose upload completes after it is accepted.
		const late = slowMultipartPost(`${h.emulator.url}/api/v1/jobs/`, h.emulator.apiKey, { request_data: requestData() }, TEXT_FILE, 1100);
		expect((await slow).status).toBe(429);
		expect((await late).status).toBe(200);
		const posts = (await h.client.control<{ requests: Array<{ method: string; status?: number; received_at: string; accepted_at?: string }> }>('/requests')).body.requests;
		const accepted = posts.filter((request) => request.accepted_at !== undefined);
		expect(accepted.map((request) => request.status)).toEqual([200, 200]);
		expect(Date.parse(accepted[1].accepted_at!) - Date.parse(accepted[0].accepted_at!)).toBeGreaterThanOrEqual(1000);
		// The late launch arrived less than a second after the first acceptance: arrival does not count.
		expect(Date.parse(accepted[1].received_at) - Date.parse(accepted[0].accepted_at!)).toBeLessThan(1000);
		expect(posts.find((request) => request.status === 429)?.accepted_at).toBeUndefined();
	});

	it('does not apply to workflow runs', async () => {
		await h.client.control('/config', 'POST', { launch_spacing_ms: 5000 });
		for (let i = 0; i < 3; i++) {
			const run = await h.client.api('/api/v1/workflows/5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10/run', { form: form({}, [TEXT_FILE]) });
			expect(run.status).toBe(202);
		}
	});
});

describe('running-jobs cap', () => {
	it('runs at most max_running_jobs at once; the 6th stays SCHEDULED until a slot frees, then completes', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 10, job_duration_ms: 1200 });
		const ids: string[] = [];
		for (let i = 0; i < 6; i++) ids.push((await createJob()).body.id);
		const statuses = async (): Promise<string[]> => Promise.all(ids.map(async (id) => (await getJob(id)).status));
		const early = await h.client.waitFor(statuses, (list) => list.filter((status) => status === 'IN_PROGRESS').length === 5);
		expect(early[5]).toBe('SCHEDULED');
		await sleep(150);
		expect((await getJob(ids[5] ?? '')).status).toBe('SCHEDULED');
		const sixth = await waitForStatus(ids[5] ?? '', ['IN_PROGRESS', 'COMPLETED'], 10_000);
		const others = await statuses();
		expect(others.slice(0, 5).filter((status) => status === 'COMPLETED').length).toBeGreaterThanOrEqual(1);
		expect(sixth.status).not.toBe('SCHEDULED');
		await waitForStatus(ids[5] ?? '', ['COMPLETED'], 10_000);
	});

	it('starts the next waiting job when a running one is forced to a terminal state', async () => {
		await h.client.control('/config', 'POST', { max_running_jobs: 1, schedule_delay_ms: 10, job_duration_ms: 10_000 });
		const first = (await createJob()).body;
		const second = (await createJob()).body;
		await waitForStatus(first.id, ['IN_PROGRESS']);
		expect((await getJob(second.id)).status).toBe('SCHEDULED');
		const forced = await h.client.control<JobBody>(`/jobs/${first.id}/finish`, 'POST', { status: 'STOPPED' });
		expect(forced.status).toBe(200);
		expect(forced.body.status).toBe('STOPPED');
		await waitForStatus(second.id, ['IN_PROGRESS']);
		expect((await jobEvents(first.id)).map((event) => event.event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.stopped']);
	});
});

describe('forced and configured outcomes', () => {
	it('forces FAILED now; a second finish is 409, unknown ids 404, bad status 422', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 10_000 });
		const job = (await createJob()).body;
		const failed = await h.client.control<JobBody>(`/jobs/${job.id}/finish`, 'POST', { status: 'FAILED' });
		expect(failed.body.status).toBe('FAILED');
		expect((await getJob(job.id)).status).toBe('FAILED');
		expect((await jobEvents(job.id)).map((event) => event.event_type)).toEqual(['job.scheduled', 'job.failed']);
		expect((await h.client.control(`/jobs/${job.id}/finish`, 'POST', { status: 'COMPLETED' })).status).toBe(409);
		expect((await h.client.control('/jobs/unknown/finish', 'POST', { status: 'COMPLETED' })).status).toBe(404);
		expect((await h.client.control(`/jobs/${job.id}/finish`, 'POST', { status: 'DONE' })).status).toBe(422);
	});

	it('forces COMPLETED on a waiting job and produces its outputs', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 10_000 });
		const job = (await createJob()).body;
		await h.client.control(`/jobs/${job.id}/finish`, 'POST', { status: 'COMPLETED' });
		const done = await getJob(job.id);
		expect(done.status).toBe('COMPLETED');
		expect(done.output_node_files).toHaveLength(1);
	});

	it('ends jobs with default_job_outcome', async () => {
		await h.client.control('/config', 'POST', { default_job_outcome: 'STOPPED' });
		const job = await waitForStatus((await createJob()).body.id, ['COMPLETED', 'FAILED', 'STOPPED']);
		expect(job.status).toBe('STOPPED');
		expect(job.output_node_files).toBeUndefined();
		expect((await h.client.api(`/api/v1/jobs/${job.id}/download?file_id=${job.input_file_ids[0] ?? ''}`)).status).toBe(409);
	});
});

describe('workflow runs', () => {
	const DEFAULT_WORKFLOW = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

	it('runs the default workflow: 202, SCHEDULED, then COMPLETED with outputs', async () => {
		const run = await h.client.api<JobBody>(`/api/v1/workflows/${DEFAULT_WORKFLOW}/run`, { form: form({}, [TEXT_FILE]) });
		expect(run.status).toBe(202);
		expect(run.body).toMatchObject({ status: 'SCHEDULED', job_type: 'persistent', workflow_id: DEFAULT_WORKFLOW, workflow_name: 'Sample workflow' });
		const job = await waitForStatus(run.body.id, ['COMPLETED']);
		expect(job.output_node_files).toHaveLength(1);
		const events = await jobEvents(job.id);
		expect(events.map((event) => event.workflow_id)).toEqual([DEFAULT_WORKFLOW, DEFAULT_WORKFLOW, DEFAULT_WORKFLOW]);
	});

	it('answers 404 naming an unknown workflow', async () => {
		const run = await h.client.api('/api/v1/workflows/wf-missing/run', { form: form({}, [TEXT_FILE]) });
		expect(run.status).toBe(404);
		expect(detailText(run.body)).toContain('wf-missing');
	});

	it('runs a workflow created through the control endpoint with its own nodes', async () => {
		const nodes = [...PARTITION_ONLY, { name: 'Tables', type: 'prompter', subtype: 'twopass_table2html' }];
		const created = await h.client.control<{ id: string; name: string }>('/workflows', 'POST', { name: 'Tables flow', job_nodes: nodes });
		expect(created.body.name).toBe('Tables flow');
		const run = await h.client.api<JobBody>(`/api/v1/workflows/${created.body.id}/run`, { form: form({}, [TEXT_FILE, TEXT_FILE]) });
		expect(run.status).toBe(202);
		const job = await waitForStatus(run.body.id, ['COMPLETED']);
		expect(job.output_node_files).toHaveLength(4);
		const invalid = await h.client.control('/workflows', 'POST', { job_nodes: [{ type: 'prompter', subtype: 'twopass_table2html' }] });
		expect(invalid.status).toBe(422);
	});

	it('is not held back by the running-jobs cap', async () => {
		await h.client.control('/config', 'POST', { max_running_jobs: 1, job_duration_ms: 2000 });
		const runs = await Promise.all([0, 1, 2].map(() => h.client.api<JobBody>(`/api/v1/workflows/${DEFAULT_WORKFLOW}/run`, { form: form({}, [TEXT_FILE]) })));
		await Promise.all(runs.map((run) => waitForStatus(run.body.id, ['IN_PROGRESS'])));
	});
});
