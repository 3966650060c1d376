/**
 * Outbound proxy routing of the transport (issue 27): every call goes through the proxy n8n's
 * variables name, with n8n's precedence (proxy-from-env), and proxy failures name the proxy.
 * The target host name is known only to the test proxy, so a request that bypasses it fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { callService, closeAllPools, openRemoteFile, type CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { startForwardProxy, type ForwardProxy } from '../proxy/forward-proxy';
import { useProxyEnv } from '../proxy/proxy-env';

const HOST = 'service.proxy-only.test';
let server: Server;
let serverPort: number;
let proxy: ForwardProxy;
let authProxy: ForwardProxy;
const seen: string[] = [];

beforeAll(async () => {
	server = createServer((req, res) => {
		seen.push(`${req.method} ${req.url} ${req.headers.host}`);
		const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'thing-1' }));
		if (req.url?.includes('broken')) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'model backend down' }));
		else if (req.url?.includes('slow')) setTimeout(answer, 1_500);
		else answer();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	serverPort = (server.address() as AddressInfo).port;
	proxy = await startForwardProxy({ hosts: { [HOST]: '127.0.0.1' } });
	authProxy = await startForwardProxy({ hosts: { [HOST]: '127.0.0.1' }, credentials: 'alice:s3cret-pw' });
});
afterAll(async () => {
	await closeAllPools();
	await proxy.close();
	await authProxy.close();
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
	seen.length = 0;
	proxy.log.length = 0;
	authProxy.log.length = 0;
});
const env = useProxyEnv();
const call = (base = `http://${HOST}:${serverPort}`): CallContext => ({
	node: actionNode('n1'),
	connection: { apiKey: 'sk-proxy-unit-key', baseUrl: base, partitionUrl: `${base}/general/v0/general` },
	itemIndex: 0,
	retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 2 },
});
const get = { method: 'GET' as const, path: '/things/1', endpoint: 'GET /api/v1/things/{id}', idempotent: true, schema: z.object({ id: z.string() }) };

/** The error a call ends with; a call that succeeds fails the test. */
const failure = async (promise: Promise<unknown>): Promise<NodeApiError> => {
	const error: unknown = await promise.then(() => new Error('expected the call to fail'), (reason: unknown) => reason);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
};

describe('routing by n8n’s proxy variables', () => {
	it('sends an http:// call through HTTP_PROXY in absolute form, keeping connections alive', async () => {
		env({ HTTP_PROXY: proxy.url });
		for (let call_ = 0; call_ < 5; call_++) await expect(callService(call(), get)).resolves.toEqual({ id: 'thing-1' });
		expect(proxy.log.map((entry) => [entry.kind, entry.target, entry.status])).toEqual(Array(5).fill(['forward', `${HOST}:${serverPort}`, 200]));
		expect(seen).toEqual(Array(5).fill(`GET /api/v1/things/1 ${HOST}:${serverPort}`));
		// undici's pool may open a second socket while the first is being handed back; not one per call.
		expect(proxy.connections()).toBeLessThanOrEqual(2);
	});

	it('keeps the exact headers timeout through the proxy', async () => {
		env({ HTTP_PROXY: proxy.url });
		const error = await failure(callService({ ...call(), timeoutMs: 200, retry: { maxAttempts: 1 } }, { ...get, path: '/slow' }));
		expect(error.message).toBe(`The service at http://${HOST}:${serverPort} did not answer in time`);
	});

	it('fails without the proxy: the host name is known only to it', async () => {
		env({});
		const error = await failure(callService(call(), get));
		expect(error.message).toMatch(/Could not reach the service .*host name not found/);
		expect(seen).toEqual([]);
	});

	it('lets a lowercase variable win over its uppercase twin, as proxy-from-env does', async () => {
		env({ HTTP_PROXY: 'http://127.0.0.1:9', http_proxy: proxy.url });
		await expect(callService(call(), get)).resolves.toEqual({ id: 'thing-1' });
		expect(proxy.log).toHaveLength(1);
	});

	it('treats an empty lowercase variable as unset, and a proxy without a scheme as the target’s', async () => {
		env({ http_proxy: '', HTTP_PROXY: `127.0.0.1:${proxy.port}` });
		await expect(callService(call(), get)).resolves.toEqual({ id: 'thing-1' });
		expect(proxy.log).toHaveLength(1);
	});

	it('falls back to ALL_PROXY', async () => {
		env({ ALL_PROXY: proxy.url });
		await expect(callService(call(), get)).resolves.toEqual({ id: 'thing-1' });
		expect(proxy.log).toHaveLength(1);
	});

	it.each([
		['the host name', `${HOST}`],
		['host and port', '127.0.0.1:PORT'],
		['a domain suffix', '.0.0.1,.proxy-only.test'],
		['*', '*'],
	])('connects directly to a NO_PROXY match (%s)', async (_form, pattern) => {
		const noProxy = pattern.replace('PORT', String(serverPort));
		env({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
		const target = noProxy.includes(HOST) || noProxy.includes('proxy-only') ? `http://${HOST}:${serverPort}` : `http://127.0.0.1:${serverPort}`;
		if (target.includes(HOST)) {
			// Direct means no proxy to resolve the name: the bypass shows as a failed lookup.
			const error = await failure(callService(call(target), get));
			expect(error.message).toMatch(/host name not found/);
		} else {
			await expect(callService(call(target), get)).resolves.toEqual({ id: 'thing-1' });
			expect(seen).toHaveLength(1);
		}
		expect(proxy.log).toEqual([]);
	});

	it('does not send an https:// target through HTTP_PROXY (n8n’s rule; undici’s agent would)', async () => {
		env({ HTTP_PROXY: proxy.url });
		await failure(callService(call(`https://${HOST}`), get));
		expect(proxy.log).toEqual([]);
	});
});

describe('proxy failures', () => {
	it('a 407 to an absolute-form request names the proxy, not its credentials', async () => {
		env({ HTTP_PROXY: `http://alice:wrong-pw@127.0.0.1:${authProxy.port}` });
		const error = await failure(callService(call(), get));
		expect(error.message).toBe(`The proxy http://127.0.0.1:${authProxy.port} refused the request to ${HOST}:${serverPort}: it requires authentication (HTTP 407)`);
		expect(error.description).toMatch(/Check the user name and password in the proxy address \(HTTP_PROXY/);
		expect(JSON.stringify(error)).not.toMatch(/wrong-pw|alice/);
		expect(authProxy.log).toHaveLength(1);
	});

	it('a 407 to CONNECT (https:// target) says to add credentials when the address has none', async () => {
		env({ HTTPS_PROXY: authProxy.url });
		const error = await failure(callService(call(`https://${HOST}`), get));
		expect(error.message).toBe(`The proxy ${authProxy.url} refused the request to ${HOST}: it requires authentication (HTTP 407)`);
		expect(error.description).toMatch(/Add the proxy's user name and password to its address/);
		expect(authProxy.log.map((entry) => [entry.kind, entry.target, entry.status])).toEqual([['connect', `${HOST}:443`, 407]]);
	});

	it('credentials in the proxy URL are sent as Proxy-Authorization', async () => {
		env({ HTTP_PROXY: `http://alice:s3cret-pw@127.0.0.1:${authProxy.port}` });
		await expect(callService(call(), get)).resolves.toEqual({ id: 'thing-1' });
		expect(authProxy.log[0]).toMatchObject({ status: 200, authorized: true });
	});

	it('a tunnel refused by rule (403) or to an unknown host (502) says what to check', async () => {
		env({ HTTPS_PROXY: proxy.url });
		const unknown = await failure(callService(call('https://nowhere.proxy-only.test'), get));
		expect(unknown.message).toBe(`The proxy ${proxy.url} could not reach nowhere.proxy-only.test (HTTP 502)`);
		// A gateway failure is retried like a connection that never reached the service.
		expect(proxy.log.filter((entry) => entry.status === 502)).toHaveLength(2);
		const refusing = await startForwardProxy({ hosts: {}, refuse: [`${HOST}:443`] });
		try {
			env({ HTTPS_PROXY: refusing.url });
			const refused = await failure(callService(call(`https://${HOST}`), get));
			expect(refused.message).toBe(`The proxy ${refusing.url} refused the connection to ${HOST} (HTTP 403)`);
			expect(refused.description).toMatch(/NO_PROXY/);
			expect(refusing.log).toHaveLength(1);
		} finally {
			await closeAllPools();
			await refusing.close();
		}
	});

	it('a plain-HTTP 502 page from the proxy says it may be the proxy’s; the service’s own 502 does not', async () => {
		env({ HTTP_PROXY: proxy.url });
		const error = await failure(callService(call('http://unknown.proxy-only.test'), get));
		expect(error.message).toBe('The service failed (HTTP 502): proxy refused: 502');
		expect(error.description).toMatch(/This answer came through the proxy http:\/\/127\.0\.0\.1:\d+, which may have sent it itself/);
		const own = await failure(callService(call(), { ...get, path: '/broken' }));
		expect(own.message).toBe('The service failed (HTTP 502): model backend down');
		expect(own.description).not.toMatch(/proxy/);
	});

	it('an unreachable proxy is named as such', async () => {
		env({ HTTP_PROXY: 'http://bob:pw@127.0.0.1:9' });
		const error = await failure(callService(call(), get));
		expect(error.message).toBe('Could not reach the proxy http://127.0.0.1:9 (connection refused)');
		expect(error.description).toMatch(/HTTP_PROXY \/ HTTPS_PROXY \/ ALL_PROXY of the n8n process/);
		expect(JSON.stringify(error)).not.toMatch(/bob|:pw@/);
	});

	it('a proxy setting that is not an http(s) URL is refused before sending', async () => {
		env({ HTTP_PROXY: 'ftp://carol:pw@proxy.example:2121' });
		const error = await failure(callService(call(), get));
		expect(error.message).toBe('The outbound proxy address ftp://proxy.example:2121 is not a valid http:// or https:// URL');
		expect(seen).toEqual([]);
	});
});

describe('File URL downloads through the proxy', () => {
	const download = (url: string) => openRemoteFile({ url, node: actionNode('n1'), itemIndex: 1, allowPrivate: true, maxBytes: 1024 * 1024 });

	it('are carried by the proxy, and its refusals name it', async () => {
		env({ HTTP_PROXY: proxy.url, HTTPS_PROXY: authProxy.url });
		const file = await download(`http://${HOST}:${serverPort}/files/a.json?token=secret`);
		expect(await new Response(file.stream as unknown as ReadableStream).json()).toEqual({ id: 'thing-1' });
		expect(proxy.log).toEqual([expect.objectContaining({ kind: 'forward', path: '/files/a.json?token=secret', status: 200 })]);

		const refused = await failure(download(`https://${HOST}/files/b.pdf`));
		expect(refused.message).toBe(`The proxy ${authProxy.url} refused the request to ${HOST}: it requires authentication (HTTP 407)`);
		expect(refused.description).toMatch(/^Add the proxy's user name.* \(the download of https:\/\/service\.proxy-only\.test\/files\/b\.pdf\)$/);
	});

	it('say that a plain-HTTP error page may be the proxy’s own', async () => {
		env({ HTTP_PROXY: proxy.url });
		const error = await failure(download('http://unknown.proxy-only.test/files/c.pdf'));
		expect(error.message).toBe('Could not download the file at http://unknown.proxy-only.test/files/c.pdf: the server answered HTTP 502');
		expect(error.description).toBe(
			`Check that the address is right and that the file is public (or the link not expired). This answer came through the proxy ${proxy.url}, which may have sent it itself: check the proxy's rules and log, or add unknown.proxy-only.test to NO_PROXY.`,
		);
	});
});
