import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { callService, type CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { apiFailure as failure, listenLocal, refusingPort, stopLocal } from './support/localServer';

const node = actionNode('n1');
const API_KEY = 'sk-unit-test-key-7f3a';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
let server: Server;
let baseUrl: string;
let script: Handler[] = [];
let seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: Buffer }> = [];

beforeAll(async () => {
	server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			seen.push({ method: req.method, url: req.url, headers: req.headers, body });
			const handler = script.shift() ?? ((_q, r) => r.writeHead(500).end());
			handler(req, res, body);
		});
	});
	baseUrl = await listenLocal(server);
});
afterAll(async () => await stopLocal(server));
beforeEach(() => {
	script = [];
	seen = [];
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, res) => {
	res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};
const call = (overrides: Partial<CallContext> = {}): CallContext => ({
	node,
	connection: { apiKey: API_KEY, baseUrl, partitionUrl: `${baseUrl}/general/v0/general` },
	itemIndex: 2,
	retry: { baseDelayMs: 10, maxDelayMs: 50 },
	...overrides,
});
const thing = z.object({ id: z.string() }).passthrough();
const get = { method: 'GET' as const, path: '/things/1', endpoint: 'GET /api/v1/things/{id}', idempotent: true, schema: thing };
const create = { method: 'POST' as const, path: '/things', endpoint: 'POST /api/v1/things', idempotent: false, json: { a: 1 }, schema: thing };

describe('callService', () => {
	it('sends the key header and the /api/v1 path, and parses the answer', async () => {
		script = [json(200, { id: '1', extra: true })];
		await expect(callService(call(), get)).resolves.toEqual({ id: '1', extra: true });
		expect(seen[0].url).toBe('/api/v1/things/1');
		expect(seen[0].headers['service-api-key']).toBe(API_KEY);
	});

	it('retries a GET on 503 and 504', async () => {
		script = [json(503, { detail: 'busy' }), json(504, {}), json(200, { id: '1' })];
		await expect(callService(call(), get)).resolves.toEqual({ id: '1' });
		expect(seen).toHaveLength(3);
	});

	it('never resends a creating POST after a 502 (it may have acted)', async () => {
		script = [json(502, { detail: 'bad gateway' }), json(200, { id: 'dup' })];
		const error = await failure(callService(call(), create));
		expect(seen).toHaveLength(1);
		expect(error.httpCode).toBe('502');
		expect(error.message).toContain('bad gateway');
		expect(error.context.itemIndex).toBe(2);
	});

	it('resends a creating POST after 429, honouring Retry-After', async () => {
		script = [json(429, { detail: 'slow down' }, { 'retry-after': '0.2' }), json(200, { id: 'x' })];
		const started = Date.now();
		await expect(callService(call(), create)).resolves.toEqual({ id: 'x' });
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		expect(seen).toHaveLength(2);
	});

	it('gives up on 429 after the attempts run out with a rate-limit error', async () => {
		script = Array.from({ length: 3 }, () => json(429, { detail: 'limit' }, { 'retry-after': '0' }));
		const error = await failure(callService(call({ retry: { maxAttempts: 3, baseDelayMs: 1 } }), create));
		expect(seen).toHaveLength(3);
		expect(error.message).toMatch(/rate limit/i);
	});

	it('names what was not found on 404 with the service detail', async () => {
		script = [json(404, { detail: 'no such job' })];
		const error = await failure(callService(call(), { ...get, notFound: 'Job "1"' }));
		expect(error.message).toBe('Job "1" was not found');
		expect(error.httpCode).toBe('404');
		expect(error.description).toBe('Check the ID: it may belong to another account or endpoint, or have been deleted. The service said: “no such job”.');
	});

	it('explains 401 in terms of the key and the endpoint address', async () => {
		script = [json(401, { detail: 'Invalid API key' })];
		const error = await failure(callService(call(), get));
		expect(error.description).toMatch(/API key/);
		expect(error.description).toMatch(/endpoint/i);
	});

	it('joins a list detail', async () => {
		script = [json(422, { detail: [{ loc: ['body', 'name'], msg: 'field required' }] })];
		const error = await failure(callService(call(), create));
		expect(error.message).toContain('body.name: field required');
	});

	it('names the endpoint and field when the answer breaks the schema', async () => {
		script = [json(200, { id: 5 })];
		const error = await failure(callService(call(), get));
		expect(error.message).toBe('The service’s answer could not be read: id: Expected string, received number');
		expect(error.description).toMatch(/ \(GET \/api\/v1\/things\/\{id\}\)$/);
		expect(seen).toHaveLength(1);
	});

	it('refuses an HTML page at once', async () => {
		script = [(_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>login</p>')];
		const error = await failure(callService(call(), get));
		expect(error.message).toMatch(/HTML page/);
		expect(seen).toHaveLength(1);
	});

	it('retries a GET whose JSON was cut off, but not a creating POST', async () => {
		const cut: Handler = (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "1", "ex');
		script = [cut, json(200, { id: '1' })];
		await expect(callService(call(), get)).resolves.toEqual({ id: '1' });
		script = [cut];
		seen = [];
		const error = await failure(callService(call(), create));
		expect(error.message).toMatch(/not complete JSON/);
		expect(seen).toHaveLength(1);
	});

	it('resends a creating POST when the connection was refused (it never arrived)', async () => {
		const refused = call({ connection: { apiKey: API_KEY, baseUrl: `http://127.0.0.1:${await refusingPort()}`, partitionUrl: '' }, retry: { maxAttempts: 3, baseDelayMs: 5 } });
		const error = await failure(callService(refused, create));
		expect(error.message).toMatch(/Could not reach the service .*connection refused/);
	});

	it('does not resend a creating POST whose connection was reset, and says why', async () => {
		script = [(req) => req.socket.destroy(), json(200, { id: 'dup' })];
		const error = await failure(callService(call(), create));
		expect(seen).toHaveLength(1);
		expect(error.description).toMatch(/duplicate/);
	});

	it('resends a GET after a reset', async () => {
		script = [(req) => req.socket.destroy(), json(200, { id: '1' })];
		await expect(callService(call(), get)).resolves.toEqual({ id: '1' });
	});

	it('stops waiting for slow headers at the timeout and does not hang', async () => {
		const slow: Handler = (_q, res) => {
			// Far beyond the bound below, so a loaded machine cannot blur waiting from not waiting.
			const timer = setTimeout(() => res.writeHead(200).end('{"id":"late"}'), 10_000);
			res.on('close', () => clearTimeout(timer));
		};
		script = [slow, slow];
		const started = Date.now();
		const error = await failure(callService(call({ timeoutMs: 150, retry: { maxAttempts: 2, baseDelayMs: 10 } }), get));
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(error.message).toMatch(/did not answer in time/);
	});

	it('never lets the API key into an error', async () => {
		script = [json(400, { detail: `bad key ${API_KEY}` })];
		const error = await failure(callService(call(), create));
		expect(JSON.stringify({ m: error.message, d: error.description, c: error.context, r: error.cause })).not.toContain(API_KEY);
	});

	it('accepts a 204 without a body when no schema is expected', async () => {
		script = [(_q, res) => res.writeHead(204).end()];
		await expect(callService(call(), { method: 'POST', path: '/verify', endpoint: 'POST /verify', idempotent: false, json: {} })).resolves.toBeUndefined();
	});

	it('streams multipart parts with file names, types and a content length', async () => {
		script = [json(200, { id: 'job' })];
		await callService(call(), {
			...create,
			json: undefined,
			multipart: {
				fields: [['request_data', '{"job_nodes":[]}']],
				files: [
					{ field: 'input_files', fileName: 'a.txt', mimeType: 'text/plain', size: 5, open: async () => Readable.from([Buffer.from('hello')]) },
					{ field: 'input_files', fileName: 'b.md', mimeType: 'text/markdown', open: async () => Buffer.from('# hi') },
				],
			},
		});
		const text = seen[0].body.toString();
		expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(Number(seen[0].headers['content-length'])).toBe(seen[0].body.length);
		expect(text).toContain('name="request_data"');
		expect(text).toContain('filename="a.txt"');
		expect(text).toContain('Content-Type: text/markdown');
		expect(text).toContain('hello');
	});

	it('addresses the partition URL as given', async () => {
		script = [json(200, { id: 'p' })];
		await callService(call(), { method: 'POST', target: 'partition', endpoint: 'POST {partition_url}', idempotent: true, json: {}, schema: thing });
		expect(seen[0].url).toBe('/general/v0/general');
	});
});

describe('settledEarlier: a resend that finds the work done', () => {
	const remove = { method: 'DELETE' as const, path: '/things/1', endpoint: 'DELETE /api/v1/things/{id}', idempotent: true, settledEarlier: { statuses: [404], value: 'earlier' } };
	const gone = json(404, { detail: 'thing 1 not found' });

	it.each([
		['a reset connection', ((req) => req.socket.destroy()) as Handler],
		['a 502', json(502, { detail: 'bad gateway' })],
	])('takes a 404 after %s as done by the first attempt', async (_what, first) => {
		script = [first, gone];
		await expect(callService(call(), remove)).resolves.toBe('earlier');
		expect(seen.map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
	});

	it('keeps a 404 an error on the first attempt, and after a 429 (nothing was done)', async () => {
		script = [gone];
		expect((await failure(callService(call(), remove))).httpCode).toBe('404');
		script = [json(429, { detail: 'slow down' }), gone];
		expect((await failure(callService(call(), remove))).httpCode).toBe('404');
	});
});
