import { detailText, form } from './test-support/client';
import { TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';

const h = useEmulator();

const createJob = () => h.client.api<{ id: string }>('/api/v1/jobs/', { form: form({ request_data: requestData() }, [TEXT_FILE]) });
const jobCount = async (): Promise<number> => (await h.client.control<{ jobs: number }>('/state')).body.jobs;
const addFault = (fault: Record<string, unknown>) => h.client.control<{ id: number; remaining: number }>('/faults', 'POST', fault);

describe('injected status codes', () => {
	it('answers the given status `times` times without running the handler, then behaves normally', async () => {
		expect((await addFault({ path: '/api/v1/jobs', status: 503, times: 2 })).status).toBe(200);
		const first = await createJob();
		expect(first.status).toBe(503);
		expect(detailText(first.body)).toContain('503');
		expect((await createJob()).status).toBe(503);
		expect(await jobCount()).toBe(0);
		expect((await createJob()).status).toBe(200);
		expect(await jobCount()).toBe(1);
		const log = await h.client.control<{ requests: Array<{ fault?: string; status?: number }> }>('/requests');
		expect(log.body.requests.map((request) => [request.status, request.fault !== undefined])).toEqual([
			[503, true],
			[503, true],
			[200, false],
		]);
	});

	it('sends Retry-After as given (seconds or an HTTP date), a custom detail or a custom body', async () => {
		await addFault({ path: '/api/v1/users/retrieve', status: 429, retry_after: '2', detail: 'slow down' });
		const date = new Date(Date.now() + 3000).toUTCString();
		await addFault({ path: '/api/v1/users/retrieve', status: 503, retry_after: date });
		await addFault({ path: '/api/v1/users/retrieve', status: 500, body: { error: 'not the usual shape' } });
		const seconds = await h.client.api('/api/v1/users/retrieve', { method: 'POST' });
		expect([seconds.status, seconds.headers.get('retry-after'), seconds.body]).toEqual([429, '2', { detail: 'slow down' }]);
		const dated = await h.client.api('/api/v1/users/retrieve', { method: 'POST' });
		expect([dated.status, dated.headers.get('retry-after')]).toEqual([503, date]);
		const custom = await h.client.api('/api/v1/users/retrieve', { method: 'POST' });
		expect([custom.status, custom.body]).toEqual([500, { error: 'not the usual shape' }]);
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST' })).status).toBe(200);
	});

	it('matches by path prefix and, when given, by method; faults apply in the order they were added', async () => {
		await addFault({ method: 'GET', path: '/api/v1/jobs', status: 502 });
		await addFault({ path: '/api/v1/jobs', status: 504 });
		await addFault({ path: '/api/v1/jobs', status: 500 });
		const created = await createJob();
		expect(created.status).toBe(504);
		expect((await h.client.api('/api/v1/jobs/whatever')).status).toBe(502);
		expect((await h.client.api('/api/v1/jobs/whatever')).status).toBe(500);
		expect((await h.client.api('/api/v1/jobs/whatever')).status).toBe(404);
	});

	it('narrows by the end of the path: a run under any workflow id, not the workflow itself', async () => {
		await addFault({ method: 'POST', path: '/api/v1/workflows/', path_suffix: '/run', status: 422, detail: 'run refused' });
		expect((await h.client.api('/api/v1/workflows/some-id', { method: 'POST', json: {} })).status).not.toBe(422);
		const run = await h.client.api<{ detail: string }>('/api/v1/workflows/some-id/run', { method: 'POST', json: {} });
		expect([run.status, run.body.detail]).toEqual([422, 'run refused']);
	});

	it('lists pending faults with their remaining uses and clears them', async () => {
		await addFault({ path: '/general/v0/general', status: 500, times: 3 });
		await h.client.api('/general/v0/general', { form: form({}, [{ ...TEXT_FILE, field: 'files' }]) });
		const listed = await h.client.control<{ faults: Array<{ path: string; remaining: number; status: number }> }>('/faults');
		expect(listed.body.faults).toEqual([expect.objectContaining({ path: '/general/v0/general', status: 500, remaining: 2 })]);
		expect((await h.client.control('/faults', 'DELETE')).status).toBe(204);
		expect((await h.client.control<{ faults: unknown[] }>('/faults')).body.faults).toEqual([]);
	});

	it('rejects malformed fault definitions and never applies faults to control endpoints', async () => {
		expect((await addFault({ status: 500 })).status).toBe(422);
		expect((await addFault({ path: 'no-slash', status: 500 })).status).toBe(422);
		expect((await addFault({ path: '/api', reset: 'sometimes' })).status).toBe(422);
		expect((await addFault({ path: '/', status: 500 })).status).toBe(200);
		expect((await h.client.control('/state')).status).toBe(200);
	});
});

describe('slow headers', () => {
	it('delays the answer by delay_ms', async () => {
		await addFault({ path: '/api/v1/users/retrieve', delay_ms: 300 });
		const started = Date.now();
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST' })).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('lets a client time out while waiting for headers, although the service acted', async () => {
		await addFault({ path: '/api/v1/jobs', delay_ms: 1000 });
		const attempt = fetch(`${h.emulator.url}/api/v1/jobs/`, {
			method: 'POST',
			headers: { 'service-api-key': h.emulator.apiKey },
			body: form({ request_data: requestData() }, [TEXT_FILE]),
			signal: AbortSignal.timeout(300),
		});
		await expect(attempt).rejects.toThrow();
		expect(await jobCount()).toBe(1);
	});

	it('delays an injected status too', async () => {
		await addFault({ path: '/api/v1/users/retrieve', delay_ms: 200, status: 503 });
		const started = Date.now();
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST' })).status).toBe(503);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});
});

describe('connection resets', () => {
	it('before_read: the connection drops and the service did nothing', async () => {
		await addFault({ path: '/api/v1/jobs', reset: 'before_read' });
		await expect(createJob()).rejects.toThrow();
		expect(await jobCount()).toBe(0);
		expect((await createJob()).status).toBe(200);
		expect(await jobCount()).toBe(1);
	});

	it('after_read: the connection drops but the service acted (the job exists)', async () => {
		await addFault({ path: '/api/v1/jobs', reset: 'after_read' });
		await expect(createJob()).rejects.toThrow();
		expect(await jobCount()).toBe(1);
		const log = await h.client.control<{ requests: Array<{ fields: Record<string, unknown>; status?: number; fault?: string }> }>('/requests');
		expect(log.body.requests[0]?.fields.request_data).toBe(requestData());
		expect(log.body.requests[0]?.status).toBeUndefined();
		expect(log.body.requests[0]?.fault).toContain('after_read');
	});
});

describe('broken bodies', () => {
	it('truncate: a normal status with a cut-off JSON body', async () => {
		await addFault({ path: '/api/v1/users/retrieve', truncate: true });
		const response = await fetch(`${h.emulator.url}/api/v1/users/retrieve`, { method: 'POST', headers: { 'service-api-key': h.emulator.apiKey } });
		expect(response.status).toBe(200);
		const text = await response.text();
		expect(text.startsWith('{"pem_key"')).toBe(true);
		expect(() => JSON.parse(text)).toThrow();
		expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
	});

	it('body: replaces a 2xx body after the service acted, and leaves error answers alone', async () => {
		await addFault({ path: '/api/v1/jobs', body: { id: 42, status: 'WHATEVER' } });
		const created = await createJob();
		expect([created.status, created.body]).toEqual([200, { id: 42, status: 'WHATEVER' }]);
		expect(await jobCount()).toBe(1);
		await addFault({ path: '/api/v1/jobs', body: { replaced: true } });
		const unauthorised = await h.client.api('/api/v1/jobs/x', { key: 'wrong' });
		expect(unauthorised.status).toBe(401);
		expect(unauthorised.body).toEqual({ detail: 'Invalid API key' });
	});

	it('body on a 204 answer turns it into a 200 carrying that body', async () => {
		const channel = await h.client.api<{ id: string }>('/api/v1/notifications/channels', { json: { channel_type: 'webhook', url: 'http://127.0.0.1:9/x', event_types: ['job.failed'] } });
		await addFault({ method: 'DELETE', path: '/api/v1/notifications/channels', body: { deleted: 'maybe' } });
		const deleted = await h.client.api(`/api/v1/notifications/channels/${channel.body.id}`, { method: 'DELETE' });
		expect([deleted.status, deleted.body]).toEqual([200, { deleted: 'maybe' }]);
		expect((await h.client.control<{ channels: number }>('/state')).body.channels).toBe(0);
	});
});

describe('floods: answers too large to hold (issue 49, attack 7)', () => {
	const post = (path: string) => fetch(`${h.emulator.url}${path}`, { method: 'POST', headers: { 'service-api-key': h.emulator.apiKey } });

	it('flood_bytes: a 200 of an element array of exactly that many bytes, with its length; chunked on request', async () => {
		await addFault({ path: '/general/v0/general', flood_bytes: 300_001 });
		const sized = await post('/general/v0/general');
		const text = await sized.text();
		expect([sized.status, sized.headers.get('content-length'), Buffer.byteLength(text)]).toEqual([200, '300001', 300_001]);
		const elements = JSON.parse(text) as Array<{ type: string }>;
		expect(elements.length).toBeGreaterThan(900);
		expect(elements[0].type).toBe('NarrativeText');
		await addFault({ path: '/general/v0/general', flood_bytes: 5_000, chunked: true });
		const chunked = await post('/general/v0/general');
		expect(chunked.headers.get('content-length')).toBeNull();
		expect(Buffer.byteLength(await chunked.text())).toBe(5_000);
		const log = await h.client.control<{ requests: Array<{ fault?: string; status?: number }> }>('/requests');
		expect(log.body.requests.map((request) => request.fault?.replace(/^#\d+ /, ''))).toEqual(['flood 300001 bytes', 'flood 5000 bytes chunked']);
	});

	it('streams a 1 GiB flood as it is read, never holding it (and stops when the client goes)', async () => {
		await addFault({ path: '/api/v1/jobs/', flood_bytes: 1024 * 1024 * 1024 });
		const before = process.memoryUsage().rss;
		const response = await fetch(`${h.emulator.url}/api/v1/jobs/x/download`, { headers: { 'service-api-key': h.emulator.apiKey } });
		expect(response.headers.get('content-length')).toBe(String(1024 * 1024 * 1024));
		let read = 0;
		const reader = response.body!.getReader();
		while (read < 200 * 1024 * 1024) read += ((await reader.read()).value ?? new Uint8Array()).length;
		await reader.cancel();
		expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
	});

	it('flood_endless: chunked, without end', async () => {
		await addFault({ path: '/general/v0/general', flood_endless: true });
		const response = await post('/general/v0/general');
		expect(response.headers.get('content-length')).toBeNull();
		let read = 0;
		const reader = response.body!.getReader();
		const first = new TextDecoder().decode((await reader.read()).value);
		expect(first.startsWith('[{"type":"NarrativeText"')).toBe(true);
		while (read < 20 * 1024 * 1024) read += ((await reader.read()).value ?? new Uint8Array()).length;
		await reader.cancel();
		expect((await addFault({ path: '/x', flood_bytes: 10 })).status).toBe(422);
		expect((await addFault({ path: '/x', flood_bytes: 100_000, flood_endless: true })).status).toBe(422);
	});
});
