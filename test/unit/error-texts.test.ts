/**
 * How every failure the transport maps reads in n8n: the message says what happened, the
 * description how to fix it, the service's own words appear once, and routes and network codes
 * only at the description's end. Each class is produced by a real HTTP answer (or its absence).
 */
import { createServer, type Server } from 'node:http';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { withMoreAdvice } from '../../nodes/DocumentProcessing/helpers/nodeErrors';
import { callService, type CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { listenLocal, refusingPort, stopLocal } from './support/localServer';

const API_KEY = 'sk-error-texts-5c1d';
const ROUTE = 'GET /api/v1/workflows/{workflow_id}';

interface Case {
	status: number;
	body: unknown;
	/** The service's words as they must appear once (redacted where they carried the key). */
	words: string;
	notFound?: string;
}

const CASES: Record<string, Case> = {
	'401': { status: 401, body: { detail: 'API key is missing, please provide an API key in the header.' }, words: 'API key is missing, please provide an API key in the header' },
	'403': { status: 403, body: { detail: `key ${API_KEY} may not read workflows` }, words: 'key *** may not read workflows' },
	'404': { status: 404, body: { detail: 'workflow w-1 not found' }, words: 'workflow w-1 not found', notFound: 'Workflow "w-1"' },
	'409': { status: 409, body: { detail: 'workflow w-1 is busy' }, words: 'workflow w-1 is busy' },
	'422': { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'missing' }] }, words: 'body.name: field required' },
	'429': { status: 429, body: { detail: 'too many requests' }, words: 'too many requests' },
	'500': { status: 500, body: { detail: 'internal failure' }, words: 'internal failure' },
	'503': { status: 503, body: { errors: [{ field: 'engine', message: 'unavailable' }] }, words: 'engine: unavailable' },
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
	server = createServer((req, res) => {
		const status = /\/w-(\d{3})$/.exec(req.url ?? '')?.[1] ?? '';
		const found = CASES[status];
		// An unknown path never answers: the timeout case.
		if (!found) return;
		res.writeHead(found.status, { 'content-type': 'application/json' }).end(JSON.stringify(found.body));
	});
	baseUrl = await listenLocal(server);
});
afterAll(async () => await stopLocal(server));

const context = (base: string, timeoutMs = 5_000): CallContext => ({
	node: actionNode('errors'),
	connection: { apiKey: API_KEY, baseUrl: base, partitionUrl: `${base}/general/v0/general` },
	itemIndex: 0,
	timeoutMs,
	retry: { maxAttempts: 1 },
});

async function failureOf(call: CallContext, path: string, notFound?: string): Promise<NodeApiError> {
	const request = { method: 'GET' as const, path, endpoint: ROUTE, idempotent: true, schema: z.object({}).passthrough(), notFound };
	const error: unknown = await callService(call, request).then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
}

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

function expectReadable(error: NodeApiError): void {
	const description = String(error.description ?? '');
	expect(description).not.toBe('');
	expect(description).not.toMatch(/^\s*(GET|POST|PUT|PATCH|DELETE)\b/);
	expect(description).not.toMatch(/^\s*[/{(]/);
	expect(error.message).not.toContain(ROUTE);
	for (const text of [error.message, description, JSON.stringify(error.errorResponse)]) expect(text).not.toContain(API_KEY);
}

describe('error texts by n8n’s guidelines', () => {
	it.each(Object.keys(CASES))('HTTP %s: the service’s words once, the fix first, no key', async (status) => {
		const { words, notFound } = CASES[status];
		const error = await failureOf(context(baseUrl), `/workflows/w-${status}`, notFound);
		expectReadable(error);
		expect(error.httpCode).toBe(status);
		expect(occurrences(`${error.message}\n${error.description}`, words)).toBe(1);
		expect(occurrences(error.message.toLowerCase(), 'not found')).toBeLessThanOrEqual(1);
	});

	it('404 naming the missing workflow: the message says so in the user’s words, the service’s echo goes to the description', async () => {
		const error = await failureOf(context(baseUrl), '/workflows/w-404', CASES['404'].notFound);
		expect(error.message).toBe('Workflow "w-1" was not found');
		expect(error.description).toMatch(/^Check the ID\b.*The service said: “workflow w-1 not found”\.$/);
	});

	it('404 whose service words add what the message does not know keeps them in the message', async () => {
		const error = await failureOf(context(baseUrl), '/workflows/w-404', 'A secret the config names');
		expect(error.message).toBe('A secret the config names was not found: workflow w-1 not found');
		expect(error.description).not.toContain('workflow w-1');
	});

	it('5xx: the request is named at the end, for support', async () => {
		const error = await failureOf(context(baseUrl), '/workflows/w-500');
		expect(error.message).toBe('The service failed (HTTP 500): internal failure');
		expect(error.description).toMatch(new RegExp(`\\(${ROUTE.replace(/[{}/]/g, '\\$&')}\\)$`));
	});

	it('network: the code and request at the end of the description, words in the message', async () => {
		const error = await failureOf(context(`http://127.0.0.1:${await refusingPort()}`), '/workflows/w-1');
		expectReadable(error);
		expect(error.message).toMatch(/^Could not reach the service at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)$/);
		expect(error.message).not.toMatch(/ECONNREFUSED/);
		expect(error.description).toMatch(/^Check the address in the credential.*\(ECONNREFUSED, GET \/api\/v1\/workflows\/\{workflow_id\}\)$/);
	});

	it('timeout: says the service did not answer, and what to do', async () => {
		const error = await failureOf(context(baseUrl, 150), '/workflows/w-silent');
		expectReadable(error);
		expect(error.message).toMatch(/did not answer in time$/);
		expect(error.description).toMatch(/^The service may be overloaded/);
	});

	it('advice added later goes before the request, which stays last', () => {
		expect(withMoreAdvice('Run it again. (POST /api/v1/sources)', 'The secrets can be reused.')).toBe('Run it again. The secrets can be reused. (POST /api/v1/sources)');
		expect(withMoreAdvice('Correct the fields.', 'The secrets can be reused.')).toBe('Correct the fields. The secrets can be reused.');
		expect(withMoreAdvice(undefined, 'The secrets can be reused.')).toBe('The secrets can be reused.');
	});
});
