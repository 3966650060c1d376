/**
 * Every answer is read up to its bound (transport/answerLimits.ts, issue 49): an answer past it
 * fails with an error that says so, is never requested again, and a body without end is cut there.
 * Before, the body was read whole (`body.text()`), and V8's string-length error was taken for a
 * broken connection and retried.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as undiciRequest } from 'undici';
import { z } from 'zod';
import { AnswerCutError, readAnswerBody } from '../../nodes/DocumentProcessing/transport/answerBody';
import {
	ERROR_BODY_BYTES,
	PARTITION_ANSWER_CAP_BYTES,
	PARTITION_ANSWER_FLOOR_BYTES,
	partitionAnswerLimit,
	RECORD_ANSWER,
	type AnswerLimit,
} from '../../nodes/DocumentProcessing/transport/answerLimits';
import { classifyNetworkError } from '../../nodes/DocumentProcessing/transport/retry';
import { callService, type CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { apiFailure as failure, listenLocal, stopLocal } from './support/localServer';

const MiB = 1024 * 1024;
const node = actionNode('n1');
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let handler: Handler = (_req, res) => res.writeHead(500).end();
let requests = 0;
/** Bytes the server managed to write of its last answer before the client hung up. */
let written = 0;

beforeAll(async () => {
	server = createServer((req, res) => {
		requests++;
		req.resume();
		req.on('end', () => handler(req, res));
	});
	baseUrl = await listenLocal(server);
});
afterAll(async () => await stopLocal(server));
beforeEach(() => {
	requests = 0;
	written = 0;
});

/** Writes `piece` for as long as the client reads (respecting backpressure), without end. */
function endless(piece: Buffer, status = 200, prefix = '['): Handler {
	return (_req, res) => {
		res.writeHead(status, { 'content-type': 'application/json' });
		res.write(prefix);
		const pump = () => {
			while (!res.destroyed && res.write(piece)) written += piece.length;
			if (!res.destroyed) res.once('drain', pump);
		};
		res.on('close', () => undefined);
		pump();
	};
}

const small: AnswerLimit = { maxBytes: 1 * MiB, what: 'a test answer', advice: 'Do the test thing.' };
const get = (answerLimit?: AnswerLimit) => ({
	method: 'GET' as const,
	path: '/things',
	endpoint: 'GET /api/v1/things',
	idempotent: true,
	schema: z.unknown(),
	...(answerLimit ? { answerLimit } : {}),
});
const contextFor = (): CallContext => ({
	node,
	connection: { apiKey: 'sk-bounds-test-key', baseUrl, partitionUrl: '' },
	itemIndex: 0,
	retry: { baseDelayMs: 5, maxDelayMs: 10 },
});

describe('answers past their bound', () => {
	it('fail at the headers when the declared length is over the bound: no byte read, one request, the bound in words', async () => {
		handler = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * MiB) });
			res.write('[');
			// Never sends the rest: the client must not wait for it.
		};
		const error = await failure(callService(contextFor(), get(small)));
		expect(requests).toBe(1);
		expect(error.message).toBe('The service’s answer is too large: over the 1 MiB the node reads for a test answer');
		expect(error.description).toMatch(/^Do the test thing\. It was not requested again: the same answer would come back\. \(GET \/api\/v1\/things\)$/);
		expect(error.context.itemIndex).toBe(0);
	});

	it('cut a chunked body without end at the bound, and are not retried', async () => {
		handler = endless(Buffer.from('{"type":"NarrativeText","text":"again"},'.repeat(1000)));
		const started = Date.now();
		const error = await failure(callService(contextFor(), get(small)));
		expect(error.message).toMatch(/answer is too large: over the 1 MiB/);
		expect(requests).toBe(1);
		// The server could write what the socket buffers hold beyond the bound, not without end.
		expect(written).toBeLessThan(16 * MiB);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	it('say a creating request may have acted (it reached the service)', async () => {
		handler = endless(Buffer.alloc(64 * 1024, 0x20));
		const error = await failure(callService(contextFor(), { ...get(small), method: 'POST', idempotent: false, json: {} }));
		expect(error.description).toContain('may have acted on it');
		expect(requests).toBe(1);
	});

	it('are read whole when within the bound, the default bound being RECORD_ANSWER’s', async () => {
		const text = JSON.stringify({ text: 'é'.repeat(300_000) });
		handler = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			// A byte-order mark, and a two-byte character split across two writes.
			const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
			res.write(bytes.subarray(0, 100_001));
			setTimeout(() => res.end(bytes.subarray(100_001)), 20);
		};
		await expect(callService(contextFor(), get())).resolves.toEqual(JSON.parse(text));
		expect(RECORD_ANSWER.maxBytes).toBe(4 * MiB);
	});
});

describe('error bodies', () => {
	it('are cut at 64 KiB, quietly: the status still decides (a 503 is retried, its words shown)', async () => {
		let calls = 0;
		handler = (req, res) => {
			calls++;
			if (calls === 1) return endless(Buffer.alloc(64 * 1024, 0x61), 503, 'busy: ')(req, res);
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
		};
		await expect(callService(contextFor(), get(small))).resolves.toEqual({ ok: true });
		expect(requests).toBe(2);
		handler = endless(Buffer.alloc(64 * 1024, 0x61), 422, 'refused: ');
		const error = await failure(callService(contextFor(), get(small)));
		expect(error.message).toMatch(/^The service could not accept the input: refused: a+/);
		expect(ERROR_BODY_BYTES).toBe(64 * 1024);
	});
});

describe('readAnswerBody', () => {
	const open = async () => await undiciRequest(`${baseUrl}/trickle`);

	it('ends a body that trickles past its deadline with the reason', async () => {
		handler = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), 50);
			res.on('close', () => clearInterval(drip));
		};
		const response = await open();
		const reading = readAnswerBody(response.body, response.headers, { maxBytes: MiB, overLimit: 'fail', deadlineMs: 300 });
		await expect(reading).rejects.toEqual(expect.objectContaining({ reason: 'tooSlow' }));
		await expect(reading).rejects.toBeInstanceOf(AnswerCutError);
	});

	it('keeps the first bytes of a body it cuts', async () => {
		handler = endless(Buffer.from('abcdefgh'), 200, '');
		const response = await open();
		const text = await readAnswerBody(response.body, response.headers, { maxBytes: 1000, overLimit: 'cut' });
		expect(text).toBe('abcdefgh'.repeat(125));
	});
});

describe('the bounds', () => {
	it('of a partition answer: 32 times the bytes sent, at least 64 MiB, at most 256 MiB', () => {
		expect(partitionAnswerLimit(2_000).maxBytes).toBe(PARTITION_ANSWER_FLOOR_BYTES);
		expect(partitionAnswerLimit(4 * MiB).maxBytes).toBe(128 * MiB);
		expect(partitionAnswerLimit(50 * MiB).maxBytes).toBe(PARTITION_ANSWER_CAP_BYTES);
		expect(partitionAnswerLimit(undefined).maxBytes).toBe(PARTITION_ANSWER_FLOOR_BYTES);
		expect(partitionAnswerLimit(2_150).what).toBe('the partition answer for a file of 2.1 KB (32 times the file, at least 64 MiB, at most 256 MiB)');
	});

	it('are at most 256 MiB, well under V8’s longest string, so an answer within them is always decoded', () => {
		expect(PARTITION_ANSWER_CAP_BYTES).toBeLessThanOrEqual(2 ** 28);
		expect(PARTITION_ANSWER_CAP_BYTES).toBeLessThan(2 ** 29 - 24);
	});

	it('make a string too long for V8 no network failure (it was retried as one)', () => {
		const tooLong = Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' });
		expect(classifyNetworkError(tooLong)).toBeUndefined();
		expect(classifyNetworkError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toMatchObject({ code: 'ECONNRESET' });
	});
});
