import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Pool } from 'undici';
import { poolFor } from '../../../nodes/DocumentProcessing/transport/agents';
import { errorCode } from '../../../nodes/DocumentProcessing/transport/retry';
import { freePort } from '../../e2e/lib/proc';

type PoolRequest = (options: Parameters<Pool['request']>[0]) => ReturnType<Pool['request']>;

/**
 * A loopback port where nothing listens ("the service is restarting") until the node's first
 * attempt has been refused; then a plain TCP forwarder to the emulator opens on it ("it is back").
 * Connection refused provably never reached the service, so even a creating request may be resent.
 *
 * The port is a fresh one for each case, below the kernel's ephemeral range (freePort): a port
 * found free there is never handed to another listen(0) nor used as the source port of an
 * outgoing connection. A port found with listen(0), as the lanes once kept one for the whole
 * suite, was free for anyone: on CI another test's server took one, and a refused case was
 * answered instead.
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

	/** A fresh port where nothing listens, watched in the transport's pool for its origin. */
	static async reserve(targetUrl: string): Promise<LateListener> {
		const listener = new LateListener(await freePort(), Number(new URL(targetUrl).port));
		listener.watch();
		return listener;
	}

	get origin(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** The first refused attempt opens the port. */
	private watch(): void {
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

	/** Stops forwarding and drops the watched pool. */
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
