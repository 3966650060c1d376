import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'undici';
import { poolFor } from '../../../nodes/DocumentProcessing/transport/agents';
import { errorCode } from '../../../nodes/DocumentProcessing/transport/retry';

type PoolRequest = (options: Parameters<Pool['request']>[0]) => ReturnType<Pool['request']>;

/**
 * A loopback port where nothing listens ("the service is restarting") until the node's first
 * attempt has been refused; then a plain TCP forwarder to the emulator opens on it ("it is back").
 * Connection refused provably never reached the service, so even a creating request may be resent.
 */
export class LateListener {
	private server: Server | undefined;
	private readonly sockets = new Set<Socket>();
	/** Connection attempts the node made while nothing listened. */
	refused = 0;

	private constructor(
		readonly port: number,
		private readonly targetPort: number,
	) {}

	/** Reserves a free port by listening on it once and closing it again. */
	static async reserve(targetUrl: string): Promise<LateListener> {
		const probe = createServer();
		await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
		const { port } = probe.address() as AddressInfo;
		await new Promise<void>((resolve) => probe.close(() => resolve()));
		return new LateListener(port, Number(new URL(targetUrl).port));
	}

	get origin(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Watches the transport's pool for this origin: the first refused attempt opens the port. */
	arm(): void {
		this.refused = 0;
		const pool = poolFor(this.origin);
		const original = pool.request.bind(pool) as PoolRequest;
		const watched: PoolRequest = async (options) => {
			try {
				return await original(options);
			} catch (error) {
				if (errorCode(error) === 'ECONNREFUSED') {
					this.refused++;
					await this.open();
				}
				throw error;
			}
		};
		Object.assign(pool, { request: watched });
	}

	private async open(): Promise<void> {
		if (this.server) return;
		const server = createServer((client) => {
			const upstream = connect(this.targetPort, '127.0.0.1');
			for (const socket of [client, upstream]) {
				this.sockets.add(socket);
				socket.on('close', () => this.sockets.delete(socket));
				socket.on('error', () => undefined);
			}
			client.pipe(upstream).pipe(client);
		});
		this.server = server;
		await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
	}

	/** Stops forwarding and drops the watched pool: the port refuses connections again. */
	async shut(): Promise<void> {
		await poolFor(this.origin)
			.destroy()
			.catch(() => undefined);
		for (const socket of this.sockets) socket.destroy();
		this.sockets.clear();
		const server = this.server;
		this.server = undefined;
		if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}
