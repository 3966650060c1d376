/**
 * A small forward proxy on loopback for the proxy tests: absolute-form HTTP requests and CONNECT
 * tunnels, its own host table (names only it resolves, so a request that bypasses it fails), an
 * optional Basic credential (407 without it), refusals by rule (403) and a log of what it carried.
 * Written here rather than taken from npm: the tests need the host table and the refusals, which
 * maintained proxies (proxy-chain, http-proxy) do not offer without as much glue as this.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ForwardProxyOptions {
	/** Host name → `host:port` only this proxy knows; other names are refused with 502. */
	hosts: Record<string, string>;
	/** `user:password` the proxy requires (407 otherwise). */
	credentials?: string;
	/** Host names for which `credentials` are required; every host when absent. */
	credentialsOnlyFor?: string[];
	/** Targets (`host:port`) the proxy refuses with 403. */
	refuse?: string[];
	/** Serve the proxy itself over TLS (an `https://` proxy URL) with this key and certificate. */
	tls?: { key: Buffer; cert: Buffer };
}

export interface ProxyLogEntry {
	kind: 'connect' | 'forward';
	/** `host:port` the client asked for. */
	target: string;
	/** Path and query of an absolute-form request (a tunnel's requests are not visible). */
	path?: string;
	status: number;
	/** Whether a Proxy-Authorization header came with it. */
	authorized: boolean;
}

export interface ForwardProxy {
	/** `http://127.0.0.1:<port>` (`https://` with `tls`) */
	url: string;
	port: number;
	log: ProxyLogEntry[];
	/** Client connections accepted so far (keep-alive reuses one for many requests). */
	connections(): number;
	close(): Promise<void>;
}

function hostPort(host: string, defaultPort: number): { name: string; port: number } {
	const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
	return { name: (match?.[1] ?? host).toLowerCase(), port: Number(match?.[2] ?? defaultPort) };
}

export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
	const log: ProxyLogEntry[] = [];
	const sockets = new Set<net.Socket>();
	let accepted = 0;
	const expected = options.credentials ? `Basic ${Buffer.from(options.credentials).toString('base64')}` : undefined;

	/** The status to refuse with, or where to connect. */
	function decide(target: string, defaultPort: number, auth: string | undefined): { status: number } | { host: string; port: number } {
		const { name, port } = hostPort(target, defaultPort);
		const locked = expected !== undefined && (options.credentialsOnlyFor?.includes(name) ?? true);
		if (locked && auth !== expected) return { status: 407 };
		if (options.refuse?.includes(`${name}:${port}`)) return { status: 403 };
		const mapped = options.hosts[`${name}:${port}`] ?? options.hosts[name];
		if (!mapped) return { status: 502 };
		const to = hostPort(mapped, port);
		return { host: to.name.replace(/^\[|\]$/g, ''), port: to.port };
	}

	const handle: http.RequestListener = (req, res) => {
		const auth = req.headers['proxy-authorization'];
		let target: URL;
		try {
			target = new URL(req.url ?? '');
		} catch {
			res.writeHead(400).end('absolute-form requests only');
			return;
		}
		const decision = decide(target.host, 80, auth);
		const entry: ProxyLogEntry = {
			kind: 'forward',
			target: `${target.hostname}:${target.port || 80}`,
			path: `${target.pathname}${target.search}`,
			status: 200,
			authorized: auth !== undefined,
		};
		log.push(entry);
		if ('status' in decision) {
			entry.status = decision.status;
			res.writeHead(decision.status, decision.status === 407 ? { 'proxy-authenticate': 'Basic realm="test"' } : {}).end(`proxy refused: ${decision.status}`);
			return;
		}
		const headers = { ...req.headers };
		delete headers['proxy-authorization'];
		delete headers['proxy-connection'];
		const upstream = http.request(
			{ host: decision.host, port: decision.port, method: req.method, path: `${target.pathname}${target.search}`, headers },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => {
			entry.status = 502;
			if (!res.headersSent) res.writeHead(502).end('upstream failed');
			else res.destroy();
		});
		req.pipe(upstream);
	};
	const server = options.tls ? https.createServer(options.tls, handle) : http.createServer(handle);

	server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		sockets.add(client);
		client.on('close', () => sockets.delete(client));
		const auth = req.headers['proxy-authorization'];
		const decision = decide(req.url ?? '', 443, auth);
		const entry: ProxyLogEntry = { kind: 'connect', target: req.url ?? '', status: 200, authorized: auth !== undefined };
		log.push(entry);
		if ('status' in decision) {
			entry.status = decision.status;
			client.end(`HTTP/1.1 ${decision.status} Refused\r\n${decision.status === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : ''}Content-Length: 0\r\n\r\n`);
			return;
		}
		const upstream = net.connect(decision.port, decision.host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length) upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('close', () => sockets.delete(upstream));
		upstream.on('error', () => {
			entry.status = 502;
			client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
		});
		client.on('error', () => upstream.destroy());
	});
	server.on(options.tls ? 'secureConnection' : 'connection', (socket: net.Socket) => {
		accepted++;
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
		port,
		log,
		connections: () => accepted,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
