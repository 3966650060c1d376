import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
}

/** A local HTTP server standing in for a webhook consumer; answers with the queued statuses, then 200. */
export class WebhookReceiver {
	readonly received: ReceivedWebhook[] = [];
	private readonly statuses: number[] = [];
	private server: Server | undefined;
	url = '';

	async start(): Promise<this> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				this.received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
				res.writeHead(this.statuses.shift() ?? 200, { connection: 'close' });
				res.end();
			});
		});
		await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	failNext(...statuses: number[]): void {
		this.statuses.push(...statuses);
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			if (!this.server) return resolve();
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}
