/**
 * Custom certificate authorities (issue 27): n8n documents trusting an extra authority for
 * outbound TLS with Node's own settings (NODE_EXTRA_CA_CERTS; in its Docker image, certificates
 * in /opt/custom-certificates, which its entrypoint turns into --use-openssl-ca and SSL_CERT_DIR).
 * undici connects with Node's TLS defaults, so the package trusts the same authorities, directly
 * and through a proxy's CONNECT tunnel. The certificates come from test/proxy/test-ca.ts (openssl).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startForwardProxy, type ForwardProxy } from '../proxy/forward-proxy';
import { makeTestCa, type TestCa } from '../proxy/test-ca';

const HOST = 'tls.proxy-only.test';
const ROOT = path.resolve(__dirname, '../..');
let ca: TestCa;
let server: Server;
let port: number;
let proxy: ForwardProxy;
let tlsProxy: ForwardProxy;

beforeAll(async () => {
	ca = makeTestCa([HOST, '127.0.0.1']);
	server = createServer({ key: ca.serverKey, cert: ca.serverCert }, (_req, res) => {
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'over-tls' }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	port = (server.address() as AddressInfo).port;
	proxy = await startForwardProxy({ hosts: { [HOST]: '127.0.0.1' } });
	tlsProxy = await startForwardProxy({ hosts: { [HOST]: '127.0.0.1' }, tls: { key: ca.serverKey, cert: ca.serverCert } });
});
afterAll(async () => {
	await proxy.close();
	await tlsProxy.close();
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	ca.remove();
});

interface Outcome {
	base: string;
	ok: boolean;
	message?: string;
	description?: string;
}

/** The package's transport in a fresh Node process with `env`, calling each base URL. */
async function callInChild(env: NodeJS.ProcessEnv, bases: string[]): Promise<Outcome[]> {
	const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(node_extra_ca_certs|ssl_cert_dir|ssl_cert_file|node_options|(http|https|all|no)_proxy)$/i.test(name)));
	const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', 'test/proxy/ca-child.ts', ...bases], {
		cwd: ROOT,
		env: { ...clean, ...env },
		timeout: 60_000,
	});
	return stdout.trim().split('\n').map((line) => JSON.parse(line) as Outcome);
}

describe('custom certificate authority', () => {
	const direct = () => `https://127.0.0.1:${port}`;
	const proxied = () => `https://${HOST}:${port}`;

	it('without it, the certificate is refused with an error that says how to trust the authority', async () => {
		const outcomes = await callInChild({ HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }, [direct(), proxied()]);
		expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, false]);
		expect(outcomes[0].message).toBe(`The TLS certificate of 127.0.0.1:${port} is not signed by an authority n8n trusts`);
		expect(outcomes[1].message).toBe(`The TLS certificate of ${HOST}:${port} (through the proxy ${proxy.url}) is not signed by an authority n8n trusts`);
		expect(outcomes[1].description).toMatch(/NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem .*\/opt\/custom-certificates/);
	}, 90_000);

	it('NODE_EXTRA_CA_CERTS: trusted directly and through the proxy’s CONNECT tunnel', async () => {
		proxy.log.length = 0;
		const outcomes = await callInChild({ NODE_EXTRA_CA_CERTS: ca.caFile, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }, [direct(), proxied()]);
		expect(outcomes).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
		expect(proxy.log.map((entry) => [entry.kind, entry.target, entry.status])).toEqual([['connect', `${HOST}:${port}`, 200]]);
	}, 90_000);

	it('an https:// proxy whose own certificate the authority signed', async () => {
		const outcomes = await callInChild({ NODE_EXTRA_CA_CERTS: ca.caFile, HTTPS_PROXY: tlsProxy.url }, [proxied()]);
		expect(outcomes).toEqual([expect.objectContaining({ ok: true })]);
		expect(tlsProxy.log.map((entry) => [entry.kind, entry.target, entry.status])).toEqual([['connect', `${HOST}:${port}`, 200]]);
	}, 90_000);

	it('n8n’s Docker way (--use-openssl-ca with SSL_CERT_DIR, as its entrypoint sets for /opt/custom-certificates)', async () => {
		const outcomes = await callInChild({ NODE_OPTIONS: '--use-openssl-ca', SSL_CERT_DIR: ca.certDir, HTTPS_PROXY: proxy.url }, [proxied()]);
		expect(outcomes).toEqual([expect.objectContaining({ ok: true })]);
	}, 90_000);
});
