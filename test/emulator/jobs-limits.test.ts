/** Emulator jobs: job_nodes validation, limits, launch spacing, the running-jobs cap, forced outcomes, workflow runs. */
import { detailText, form, sleep, type UploadFile } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';
import { slowMultipartPost } from './test-support/slow-upload';
import type { JobResponse as JobBody } from './jobs/job-view';
import { jobCalls, type ElementBody } from './test-support/job-support';

const h = useEmulator();
const { createJob, getJob, waitForStatus, jobEvents } = jobCalls(h);

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
		// 100 MiB through the multipart parser: beside a cold run's n8n installs it took over 20 s once
		// (and its upload, still running, then counted as a launch in the next test).
	}, 90_000);
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
		// Jobs long enough that none ends while the six are created and the sixth is watched, however slow the machine.
		await h.client.control('/config', 'POST', { schedule_delay_ms: 10, job_duration_ms: 3000 });
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
