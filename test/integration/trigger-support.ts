import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { HookHarness, RunWebhookResult } from '../harness';

/** What one request to the bridge led to. */
export interface BridgedDelivery {
	path: string;
	headers: Record<string, string>;
	rawBody: Buffer;
	statusCode: number;
	workflowStarted: boolean;
	items: INodeExecutionData[];
	body: unknown;
	error?: string;
}

/**
 * A loopback HTTP server standing in for n8n's webhook endpoint: each request the emulator
 * delivers is handed to the trigger's webhook() through the harness (real n8n-core
 * WebhookContext), and the status the node chose goes back to the emulator.
 */
export class WebhookBridge {
	readonly deliveries: BridgedDelivery[] = [];
	private readonly routes = new Map<string, HookHarness>();
	private server: Server | undefined;
	origin = '';

	async start(): Promise<this> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				void this.handle(req.url ?? '/', req.headers as Record<string, string>, Buffer.concat(chunks)).then((status) => {
					res.writeHead(status, { connection: 'close' });
					res.end();
				});
			});
		});
		await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
		this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	/** A URL like n8n's (`/webhook/<id>/webhook` or `/webhook-test/...`) routed to this harness. */
	route(path: string, hook: HookHarness): string {
		this.routes.set(path, hook);
		return `${this.origin}${path}`;
	}

	clear(): void {
		this.deliveries.length = 0;
		this.routes.clear();
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => {
			if (!this.server) return resolve();
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	private async handle(path: string, headers: Record<string, string>, rawBody: Buffer): Promise<number> {
		const hook = this.routes.get(path);
		const record: BridgedDelivery = { path, headers, rawBody, statusCode: 404, workflowStarted: false, items: [], body: undefined };
		this.deliveries.push(record);
		if (!hook) return 404;
		try {
			const result: RunWebhookResult = await hook.runWebhook({ method: 'POST', headers, rawBody });
			record.statusCode = result.statusCode ?? 200;
			record.workflowStarted = result.workflowStarted;
			record.items = result.response.workflowData?.[0] ?? [];
			record.body = result.body;
		} catch (error) {
			// n8n answers 500 when webhook() throws.
			record.statusCode = 500;
			record.error = error instanceof Error ? error.message : String(error);
		}
		return record.statusCode;
	}
}

export const startedEvents = (deliveries: BridgedDelivery[]): IDataObject[] =>
	deliveries.filter((delivery) => delivery.workflowStarted).map((delivery) => delivery.items[0].json);
