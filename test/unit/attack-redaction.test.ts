/**
 * Attack suite, secrets in errors (issue 31 item 3): the service (or a proxy) echoing the API key,
 * the proxy's credentials or a channel's signing secret in an error body must not get any of it
 * into the error, wherever the 300-character cut falls; a proxy setting n8n cannot parse (a
 * password with an unencoded `/`) is never quoted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { callService, closeAllPools, type CallContext } from '../../nodes/DocumentProcessing/transport';
import { addressWithoutCredentials, redact, redactValue } from '../../nodes/DocumentProcessing/transport/redact';
import { actionNode } from '../harness/action-node';
import { useProxyEnv } from '../proxy/proxy-env';

const API_KEY = 'sk-live-0123456789abcdefghijklmnopqrstuv'; // 40 characters
const SIGNING_SECRET = 'whsec_c2lnbmluZy1zZWNyZXQtb2YtdGhlLWNoYW5uZWw=';
let answer: { status: number; type: string; body: string } = { status: 400, type: 'application/json', body: '{}' };
let server: Server;
let base = '';

beforeAll(async () => {
	server = createServer((_request, response) => response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await closeAllPools();
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});
const env = useProxyEnv();

const call = (): CallContext => ({
	node: actionNode('attack'),
	connection: { apiKey: API_KEY, baseUrl: base, partitionUrl: `${base}/general/v0/general` },
	itemIndex: 0,
	retry: { maxAttempts: 1 },
});

async function failureOf(secrets: string[] = []): Promise<NodeApiError> {
	const request = { method: 'POST' as const, path: '/things', endpoint: 'POST /api/v1/things', idempotent: false, schema: z.object({}), secrets };
	const error: unknown = await callService(call(), request).then(() => new Error('expected a failure'), (reason: unknown) => reason);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
}

/** Every run of 6 characters of `secret` that appears in the error's message, description or saved form. */
function fragmentsIn(error: NodeApiError, secret: string): string[] {
	const shown = `${error.message}\n${error.description ?? ''}\n${JSON.stringify(error)}\n${JSON.stringify(error.context)}`;
	const found: string[] = [];
	for (let at = 0; at + 6 <= secret.length; at++) if (shown.includes(secret.slice(at, at + 6))) found.push(secret.slice(at, at + 6));
	return found;
}

describe('attack: secrets echoed by the service are redacted before the text is cut', () => {
	// Every offset puts the cut somewhere else inside or around the echoed key.
	it.each([250, 270, 275, 290, 299, 300, 310])('JSON body with the key at character %i of an unknown shape', async (offset) => {
		answer = { status: 400, type: 'application/json', body: JSON.stringify({ echo: `${'x'.repeat(offset)}${API_KEY}${'z'.repeat(120)}` }) };
		const error = await failureOf();
		// Cut (the body is longer than 300 characters) and yet no piece of the key.
		expect(error.message).toMatch(/…$/);
		expect(fragmentsIn(error, API_KEY)).toEqual([]);
	});

	it.each([280, 295, 299])('raw text body with the key at character %i', async (offset) => {
		answer = { status: 502, type: 'text/plain', body: `${'y'.repeat(offset)}${API_KEY}` };
		expect(fragmentsIn(await failureOf(), API_KEY)).toEqual([]);
	});

	it('the key JSON-escaped in a body that is not JSON, and a signing secret in a validation error', async () => {
		const slashKey = 'sk/"quoted"\\key-abcdefghijklmnop';
		expect(redact(`{"broken": "${JSON.stringify(slashKey).slice(1, -1)}`, [slashKey])).toBe('{"broken": "***');
		answer = { status: 422, type: 'application/json', body: JSON.stringify({ detail: [{ loc: ['body', 'url'], msg: `bad: ${SIGNING_SECRET}` }] }) };
		const error = await failureOf([SIGNING_SECRET]);
		expect(error.message).toMatch(/body\.url: bad: \*\*\*/);
		expect(fragmentsIn(error, SIGNING_SECRET)).toEqual([]);
	});

	it('redacts keys and values of any depth', () => {
		expect(redactValue({ [API_KEY]: [{ deep: `key=${API_KEY}` }] }, [API_KEY])).toEqual({ '***': [{ deep: 'key=***' }] });
		let nested: unknown = { key: API_KEY };
		for (let level = 0; level < 100; level++) nested = [nested];
		expect(JSON.stringify(redactValue(nested, [API_KEY]))).not.toContain(API_KEY.slice(0, 6));
	});
});

describe('attack: proxy credentials never reach an error', () => {
	it('does not quote a proxy setting n8n cannot parse (a password with an unencoded /)', async () => {
		env({ ALL_PROXY: 'http://alice:pa/ss@w0rd@proxy.example:3128' });
		answer = { status: 200, type: 'application/json', body: '{}' };
		const error = await failureOf();
		expect(error.message).toBe('The outbound proxy address http://proxy.example:3128 is not a valid http:// or https:// URL');
		expect(fragmentsIn(error, 'pa/ss@w0rd')).toEqual([]);
		expect(JSON.stringify(error)).not.toContain('alice');
	});

	it('shows only scheme and host of an address that did not parse', () => {
		expect(addressWithoutCredentials('http://u:p/w@d@host.example:1/path?q')).toBe('http://host.example:1');
		expect(addressWithoutCredentials('not a url')).toBe('not a url');
	});
});
