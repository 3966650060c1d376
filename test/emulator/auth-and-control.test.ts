import { DEFAULT_CONFIG, DEFAULT_WORKFLOW_ID } from './index';
import { detailText, form } from './test-support/client';
import { TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';

const h = useEmulator();

const PROTECTED_ROUTES: Array<[string, string]> = [
	['POST', '/api/v1/jobs/'],
	['GET', '/api/v1/jobs/00000000-0000-0000-0000-000000000000'],
	['GET', '/api/v1/jobs/00000000-0000-0000-0000-000000000000/download?file_id=x'],
	['POST', `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`],
	['POST', '/api/v1/users/retrieve'],
	['POST', '/api/v1/users/secrets'],
	['POST', '/api/v1/sources'],
	['POST', '/api/v1/notifications/channels'],
	['GET', '/api/v1/notifications/channels?channel_type=webhook'],
	['GET', '/api/v1/notifications/channels/x'],
	['DELETE', '/api/v1/notifications/channels/x'],
	['POST', '/api/v1/notifications/channels/x/verify'],
	['POST', `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`],
	['GET', `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels?channel_type=email`],
	['GET', '/api/v1/notifications/x'],
	['POST', '/general/v0/general'],
];

describe('authentication', () => {
	it.each(PROTECTED_ROUTES)('%s %s answers 401 without a key and with a wrong key', async (method, path) => {
		const missing = await h.client.api(path, { method, key: null });
		expect(missing.status).toBe(401);
		expect(detailText(missing.body)).toContain('service-api-key');
		const wrong = await h.client.api(path, { method, key: 'wrong-key' });
		expect(wrong.status).toBe(401);
		expect(wrong.body).toEqual({ detail: 'Invalid API key' });
	});

	it('accepts the key in service-api-key', async () => {
		const response = await h.client.api('/api/v1/users/retrieve', { method: 'POST' });
		expect(response.status).toBe(200);
	});

	it('accepts unstructured-api-key only when accept_sdk_header is on', async () => {
		const headers = { 'unstructured-api-key': h.emulator.apiKey };
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST', key: null, headers })).status).toBe(401);
		await h.client.control('/config', 'POST', { accept_sdk_header: true });
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST', key: null, headers })).status).toBe(200);
	});

	it('checks the key before anything else, even on unknown paths', async () => {
		expect((await h.client.api('/api/v1/nothing-here', { key: null })).status).toBe(401);
		const unknown = await h.client.api('/api/v1/nothing-here');
		expect(unknown.status).toBe(404);
		expect(detailText(unknown.body)).toContain('/api/v1/nothing-here');
		expect((await h.client.api('/api/v1/jobs/abc', { method: 'DELETE' })).status).toBe(405);
	});
});

describe('control endpoints', () => {
	it('reads and merges the configuration, rejecting unknown or ill-typed keys', async () => {
		const before = await h.client.control<Record<string, unknown>>('/config');
		expect(before.body).toMatchObject({ launch_spacing_ms: 0, max_running_jobs: 5, default_job_outcome: 'COMPLETED', accept_sdk_header: false });
		const merged = await h.client.control<Record<string, unknown>>('/config', 'POST', { per_page_delay_ms: 7 });
		expect(merged.status).toBe(200);
		expect(merged.body).toMatchObject({ per_page_delay_ms: 7, max_running_jobs: 5 });
		expect((await h.client.control('/config', 'POST', { no_such_option: 1 })).status).toBe(422);
		expect((await h.client.control('/config', 'POST', { max_running_jobs: 'five' })).status).toBe(422);
	});

	it('has the documented defaults', () => {
		expect(DEFAULT_CONFIG).toMatchObject({
			launch_spacing_ms: 1000,
			max_running_jobs: 5,
			schedule_delay_ms: 50,
			job_duration_ms: 300,
			per_page_delay_ms: 0,
			default_job_outcome: 'COMPLETED',
			accept_sdk_header: false,
		});
	});

	it('logs what each request carried, with the key redacted, and clears the log', async () => {
		await h.client.api('/api/v1/jobs/', {
			form: form({ request_data: requestData(), extra: ['a', 'b'] }, [TEXT_FILE]),
			headers: { 'x-trace': 'abc' },
		});
		await h.client.api('/api/v1/sources?dry=1', { json: { name: 'n', type: 't', config: {} } });
		const log = await h.client.control<{ requests: Array<Record<string, unknown>> }>('/requests');
		const [job, source] = log.body.requests;
		expect(job).toMatchObject({
			method: 'POST',
			path: '/api/v1/jobs/',
			status: 200,
			fields: { request_data: requestData(), extra: ['a', 'b'] },
			files: [{ field: 'input_files', filename: 'notes.txt', content_type: 'text/plain', size: Buffer.byteLength(TEXT_FILE.content) }],
		});
		expect((job?.headers as Record<string, string>)['service-api-key']).toBe('<redacted>');
		expect((job?.headers as Record<string, string>)['x-trace']).toBe('abc');
		expect(source).toMatchObject({ query: { dry: '1' }, json: { name: 'n', type: 't', config: {} } });
		expect(JSON.stringify(log.body)).not.toContain(h.emulator.apiKey);
		expect((await h.client.control('/requests', 'DELETE')).status).toBe(204);
		expect((await h.client.control<{ requests: unknown[] }>('/requests')).body.requests).toEqual([]);
	});

	it('counts state and resets everything to the start configuration', async () => {
		// A long schedule delay keeps the job SCHEDULED, so the counts below cannot race the state machine.
		await h.client.control('/config', 'POST', { max_running_jobs: 2, schedule_delay_ms: 10_000 });
		await h.client.control('/faults', 'POST', { path: '/api/v1/sources', status: 503, times: 5 });
		await h.client.api('/api/v1/jobs/', { form: form({ request_data: requestData() }, [TEXT_FILE]) });
		await h.client.api('/api/v1/notifications/channels', { json: { channel_type: 'webhook', url: 'http://127.0.0.1:9/x', event_types: ['job.completed'] } });
		const state = await h.client.control<Record<string, number>>('/state');
		expect(state.body).toEqual({ jobs: 1, secrets: 0, sources: 0, destinations: 0, workflows: 1, channels: 1, events: 1, launches: 1, rate_limited: 0, deliveries: 0 });

		expect((await h.client.control('/reset', 'POST')).status).toBe(200);
		expect((await h.client.control<Record<string, number>>('/state')).body).toEqual({
			jobs: 0, secrets: 0, sources: 0, destinations: 0, workflows: 1, channels: 0, events: 0, launches: 0, rate_limited: 0, deliveries: 0,
		});
		expect((await h.client.control<{ faults: unknown[] }>('/faults')).body.faults).toEqual([]);
		expect((await h.client.control<{ requests: unknown[] }>('/requests')).body.requests).toEqual([]);
		expect((await h.client.control<{ max_running_jobs: number }>('/config')).body.max_running_jobs).toBe(5);
		const workflows = await h.client.control<{ workflows: Array<{ id: string; name: string }> }>('/workflows');
		expect(workflows.body.workflows.map((workflow) => [workflow.id, workflow.name])).toEqual([[DEFAULT_WORKFLOW_ID, 'Sample workflow']]);
	});

	it('needs no key on control endpoints and answers 404 on unknown ones', async () => {
		expect((await h.client.control('/state')).status).toBe(200);
		expect((await h.client.control('/nope')).status).toBe(404);
	});
});
