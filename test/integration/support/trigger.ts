import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { DocumentProcessingTrigger } from '../../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { signWebhook } from '../../../nodes/DocumentProcessing/webhooks/webhookSignature';
import { readRegistrations } from '../../../nodes/DocumentProcessing/trigger/registrations';
import { DEFAULT_WORKFLOW_ID, type EmulatorConfig } from '../../emulator';
import { form, TestClient } from '../../emulator/test-support/client';
import { createHookHarness, type HarnessWebhookMode, type HookHarness, type RunWebhookResult } from '../../harness';
import { startTestService, type TestService } from './service';

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

export interface TriggerSetup {
	parameters?: INodeParameters;
	mode?: HarnessWebhookMode;
	staticData?: IDataObject;
	/** Path of the n8n webhook URL; a production-like one by default. */
	path?: string;
}

/** A trigger node run by n8n-core, reachable by the emulator through the bridge. */
export function bridgedTrigger(service: TestService, bridge: WebhookBridge, setup: TriggerSetup = {}): HookHarness {
	const path = setup.path ?? `/webhook/${randomUUID()}/webhook`;
	const hook = createHookHarness({
		nodeType: new DocumentProcessingTrigger(),
		parameters: { events: ['job.completed'], ...setup.parameters },
		credentials: service.credentials,
		webhookUrl: `${bridge.origin}${path}`,
		mode: setup.mode ?? 'trigger',
		staticData: setup.staticData,
	});
	bridge.route(path, hook);
	return hook;
}

export const registrations = (hook: HookHarness) => readRegistrations(hook.staticData);

/** Runs the sample workflow on one file and waits until its job completed and every delivery ended. */
export async function runWorkflowJob(service: TestService, client: TestClient): Promise<string> {
	const started = await client.api<IDataObject>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
		form: form({}, [{ name: 'report.md', type: 'text/markdown', content: '# Report\n\nTotals are up.\n\n## Details\n\nMore text.' }]),
	});
	if (started.status !== 202) throw new Error(`workflow run answered ${started.status}`);
	const jobId = started.body.id as string;
	await client.waitFor(async () => service.emulator.store.jobs.get(jobId)?.status, (status) => status === 'COMPLETED');
	await service.emulator.deliveriesIdle();
	return jobId;
}

/** A delivery signed with the trigger's own secret, as the service would send it; `body` may be any JSON or raw text. */
export function signedDelivery(hook: HookHarness, body: unknown, options: { id?: string; timestamp?: number; secret?: string } = {}) {
	const id = options.id ?? randomUUID();
	const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
	const rawBody = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
	const secret = options.secret ?? registrations(hook)[0].secret;
	return {
		method: 'POST' as const,
		rawBody,
		headers: {
			'content-type': 'application/json',
			'webhook-id': id,
			'webhook-timestamp': String(timestamp),
			'webhook-signature': signWebhook(secret, id, timestamp, rawBody),
		},
	};
}

export const anEvent = (overrides: IDataObject = {}): IDataObject => ({
	id: randomUUID(),
	event_type: 'job.completed',
	payload: { job_id: randomUUID(), status: 'COMPLETED' },
	created_at: new Date().toISOString(),
	workflow_id: null,
	is_read: false,
	...overrides,
});

/** One emulator and one bridge per test file, reset before each test. */
export interface TriggerWorld {
	readonly service: TestService;
	readonly client: TestClient;
	readonly bridge: WebhookBridge;
}

export function useTriggerWorld(config: Partial<EmulatorConfig>): TriggerWorld {
	let world: { service: TestService; client: TestClient; bridge: WebhookBridge } | undefined;
	const started = () => {
		if (!world) throw new Error('the trigger test service is not started');
		return world;
	};
	beforeAll(async () => {
		const service = await startTestService(config);
		world = { service, client: new TestClient(service.emulator), bridge: await new WebhookBridge().start() };
	});
	afterAll(async () => {
		await world?.bridge.close();
		await world?.service.stop();
	});
	beforeEach(async () => {
		const { service, bridge } = started();
		await service.control('reset', { body: {} });
		service.emulator.setConfig(config);
		bridge.clear();
	});
	return {
		get service() {
			return started().service;
		},
		get client() {
			return started().client;
		},
		get bridge() {
			return started().bridge;
		},
	};
}
