/**
 * The queue-mode scenarios, shared by the test (which asserts on them) and the benchmark (which
 * prints their figures): 30 Process Files jobs from three executions at once, and 200 signed
 * trigger deliveries through the webhook process with replays and forgeries.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { RunningEmulator } from '../../emulator';
import { userFolderPaths } from '../../e2e/lib/user-folder';
import { loadWorkflow } from '../../e2e/lib/workflow-file';
import { eventBody, isIgnored, signedHeaders } from '../../e2e/load/deliveries';
import { post, runPool, type Answer } from '../../e2e/load/http';
import type { QueueCluster } from './cluster';

export const QUEUE_WORKFLOWS_DIR = path.join(__dirname, '..', 'workflows');

export interface EmulatorCredential {
	id: string;
	name: string;
}

export async function importEmulatorCredential(cluster: QueueCluster, emulator: RunningEmulator): Promise<EmulatorCredential> {
	return await cluster.importCredential({
		name: 'Document Processing (emulator)',
		type: 'documentProcessingApi',
		data: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl, allowHttpWebhooksOnLoopback: true },
	});
}

/** `count` Markdown files of about `bytes` each in the folder n8n may read; returns their glob. */
export function writeInputFiles(cluster: QueueCluster, count: number, bytes: number): string {
	const dir = path.join(userFolderPaths(cluster.userFolder).filesDir, `batch-${randomUUID().slice(0, 8)}`);
	fs.mkdirSync(dir, { recursive: true });
	for (let i = 0; i < count; i++) {
		const paragraph = `Paragraph of file ${i}: queue mode spreads executions over workers. `;
		const body = `# File ${i}\n\n${paragraph.repeat(Math.max(1, Math.ceil(bytes / paragraph.length)))}\n`.slice(0, Math.max(bytes, 40));
		fs.writeFileSync(path.join(dir, `file-${String(i).padStart(2, '0')}.md`), body);
	}
	return path.join(dir, '*.md');
}

/** Publishes a workflow with a Webhook trigger and returns its production URL on the webhook process. */
export async function publishWebhookWorkflow(cluster: QueueCluster, file: string, credential: EmulatorCredential): Promise<{ workflowId: string; url: string }> {
	const webhookPath = `queue-${randomUUID()}`;
	const workflowId = await cluster.importWorkflow(
		loadWorkflow(path.join(QUEUE_WORKFLOWS_DIR, file), {
			WEBHOOK_ID: randomUUID(),
			WEBHOOK_PATH: webhookPath,
			CREDENTIAL_ID: credential.id,
			CREDENTIAL_NAME: credential.name,
		}),
	);
	await cluster.publish(workflowId);
	return { workflowId, url: `${cluster.webhook.url}/webhook/${webhookPath}` };
}

export async function postJson(url: string, body: unknown): Promise<Answer> {
	const agent = new http.Agent({ keepAlive: false });
	try {
		return await post(url, Buffer.from(JSON.stringify(body)), {}, agent);
	} finally {
		agent.destroy();
	}
}

/** Which worker ran each execution, read from the workers' logs ("Worker started execution <id>"). */
export function workerOfExecutions(cluster: QueueCluster, executionIds: number[]): Map<number, number> {
	const result = new Map<number, number>();
	cluster.workers.forEach((worker, index) => {
		const log = fs.readFileSync(worker.logFile, 'utf8');
		for (const id of executionIds) if (new RegExp(`Worker started execution ${id} `).test(log)) result.set(id, index);
	});
	return result;
}

interface LoggedRequest {
	method: string;
	path: string;
	headers: Record<string, string | string[]>;
	received_at: string;
	status?: number;
}

/** Launch requests the emulator logged after `since` (ISO time), with their status and upload size. */
export async function launchRequests(emulator: RunningEmulator, since: string): Promise<Array<{ status?: number; bytes: number; at: number }>> {
	const response = await fetch(`${emulator.url}/_emulator/requests`);
	const { requests } = (await response.json()) as { requests: LoggedRequest[] };
	return requests
		.filter((r) => r.method === 'POST' && r.path.replace(/\/+$/, '') === '/api/v1/jobs' && r.received_at >= since)
		.map((r) => ({ status: r.status, bytes: Number(r.headers['content-length'] ?? 0), at: Date.parse(r.received_at) }));
}

export interface ProcessFilesFigures {
	workflowId: string;
	executionIds: number[];
	statuses: string[];
	/** Executions per worker index. */
	perWorker: number[];
	jobs: number;
	/** Between the first and the last accepted launch. */
	launchSpanMs: number;
	/** The service's floor: (jobs − 1) launches a second apart. */
	floorMs: number;
	rateLimited: number;
	reuploadedBytes: number;
	uploadedBytes: number;
	elapsedMs: number;
}

/** Three executions at once, each Process Files over `files` items, one job per item. */
export async function runProcessFiles(
	cluster: QueueCluster,
	emulator: RunningEmulator,
	credential: EmulatorCredential,
	options: { executions: number; files: number; fileBytes: number },
): Promise<ProcessFilesFigures> {
	const glob = writeInputFiles(cluster, options.files, options.fileBytes);
	const { workflowId, url } = await publishWebhookWorkflow(cluster, 'process-files-webhook.json', credential);
	const since = new Date().toISOString();
	const started = Date.now();
	const answers = await Promise.all(Array.from({ length: options.executions }, async () => await postJson(url, { glob })));
	const refused = answers.filter((a) => a.status !== 200);
	if (refused.length > 0) throw new Error(`webhook answered ${refused.map((a) => `${a.status} ${a.body}`).join('; ')}`);
	const ended = await cluster.db.waitForEnded(workflowId, 0, options.executions, 5 * 60_000);
	const elapsedMs = Date.now() - started;
	const launches = await launchRequests(emulator, since);
	const accepted = launches.filter((l) => l.status === 200).map((l) => l.at).sort((a, b) => a - b);
	const refusedLaunches = launches.filter((l) => l.status === 429);
	const executionIds = ended.map((e) => Number(e.id));
	const workers = workerOfExecutions(cluster, executionIds);
	return {
		workflowId,
		executionIds,
		statuses: ended.map((e) => e.status),
		perWorker: cluster.workers.map((_, index) => [...workers.values()].filter((w) => w === index).length),
		jobs: accepted.length,
		launchSpanMs: accepted.length > 1 ? accepted[accepted.length - 1] - accepted[0] : 0,
		floorMs: Math.max(0, accepted.length - 1) * 1000,
		rateLimited: refusedLaunches.length,
		reuploadedBytes: refusedLaunches.reduce((sum, l) => sum + l.bytes, 0),
		uploadedBytes: launches.reduce((sum, l) => sum + l.bytes, 0),
		elapsedMs,
	};
}

export interface TriggerFigures {
	workflowId: string;
	webhookUrl: string;
	mainUrl: string;
	secret: string;
	originals: Answer[];
	/** Ended executions after the originals settled. */
	executions: number;
	statuses: Record<string, number>;
	/** First delivery sent → last execution stopped. */
	endToEndMs: number;
	ids: string[];
	bodies: Buffer[];
}

export async function statusCounts(cluster: QueueCluster, workflowId: string): Promise<Record<string, number>> {
	const rows = await cluster.db.sql<{ status: string; n: string }>(
		'SELECT status, COUNT(*) AS n FROM execution_entity WHERE "workflowId" = $1 GROUP BY status',
		[workflowId],
	);
	return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Publishes the trigger on main, sends `deliveries` signed events to the webhook process, waits for their runs. */
export async function runTriggerDeliveries(
	cluster: QueueCluster,
	emulator: RunningEmulator,
	credential: EmulatorCredential,
	options: { deliveries: number; concurrency: number; agent: http.Agent },
): Promise<TriggerFigures> {
	const webhookId = randomUUID();
	const workflowId = await cluster.importWorkflow(
		loadWorkflow('trigger-webhook-load.json', { WEBHOOK_ID: webhookId, CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }),
	);
	const channelsBefore = new Set(emulator.store.channels.keys());
	await cluster.publish(workflowId);
	const channel = [...emulator.store.channels.values()].find((c) => !channelsBefore.has(c.id));
	if (!channel?.secret) throw new Error('publishing did not register a channel with a secret');
	const webhookUrl = `${cluster.webhook.url}/webhook/${webhookId}/webhook`;
	if (channel.url !== webhookUrl) throw new Error(`channel points at ${channel.url}, expected the webhook process ${webhookUrl}`);
	const ids = Array.from({ length: options.deliveries }, (_, i) => `evt_queue_${i}_${randomUUID()}`);
	const bodies = ids.map((id) => eventBody(id));
	const originals: Answer[] = new Array<Answer>(ids.length);
	const started = Date.now();
	await runPool(
		ids.map((id, i) => async () => {
			originals[i] = await post(webhookUrl, bodies[i], signedHeaders(channel.secret ?? '', id, bodies[i]), options.agent);
		}),
		options.concurrency,
	);
	const ended = await cluster.db.waitForEnded(workflowId, 0, options.deliveries, 5 * 60_000);
	const [last] = await cluster.db.sql<{ stopped: Date }>(
		'SELECT MAX("stoppedAt") AS stopped FROM execution_entity WHERE "workflowId" = $1',
		[workflowId],
	);
	return {
		workflowId,
		webhookUrl,
		mainUrl: `${cluster.main.url}/webhook/${webhookId}/webhook`,
		secret: channel.secret,
		originals,
		executions: ended.length,
		statuses: await statusCounts(cluster, workflowId),
		endToEndMs: new Date(last.stopped).getTime() - started,
		ids,
		bodies,
	};
}

/** Sends every delivery again (same id, body and signature scheme) to `url`; returns the answers. */
export async function replay(figures: TriggerFigures, url: string, concurrency: number, agent: http.Agent): Promise<Answer[]> {
	const answers: Answer[] = new Array<Answer>(figures.ids.length);
	await runPool(
		figures.ids.map((id, i) => async () => {
			answers[i] = await post(url, figures.bodies[i], signedHeaders(figures.secret, id, figures.bodies[i]), agent);
		}),
		concurrency,
	);
	return answers;
}

export { isIgnored };
