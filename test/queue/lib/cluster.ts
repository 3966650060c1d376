/**
 * n8n 2.40.7 in queue mode on loopback: Redis, a Postgres cluster, and on one shared user folder
 * (same N8N_ENCRYPTION_KEY, same community package) a main process, two `n8n worker`s and one
 * or more `n8n webhook` processes. Production webhook URLs point at the first webhook process, as
 * a real deployment's load balancer would (the others serve the same paths on their own ports). Everything started here is stopped by pid in close(), which
 * the suites call in afterAll, so a failing test stops it too.
 */
import * as path from 'node:path';
import type { CredentialInput, WorkflowJson } from '../../e2e/lib/cli';
import { ensureN8n } from '../../e2e/lib/install';
import { installPackage } from '../../e2e/lib/community-package';
import { startN8n, type N8nInstance } from '../../e2e/lib/instance';
import { packPackage } from '../../e2e/lib/pack';
import { freePort, killAllChildren } from '../../e2e/lib/proc';
import { N8nRestSession } from '../../e2e/lib/rest';
import { restImporter } from '../../e2e/lib/rest-import';
import { createRunDir } from '../../e2e/lib/workdir';
import { QueueDatabase } from './database';
import { startPostgres, startRedis } from './services';

export interface QueueClusterOptions {
	label: string;
	/** Executions each worker takes at once (`n8n worker --concurrency`); small, so load spreads. */
	workerConcurrency?: number;
	/** How many `n8n worker` processes (default 2). */
	workerCount?: number;
	/** How many `n8n webhook` processes (default 1). */
	webhookCount?: number;
	env?: NodeJS.ProcessEnv;
	/** Set on the `n8n webhook` processes only, after `env`. */
	webhookEnv?: NodeJS.ProcessEnv;
}

export interface QueueCluster {
	runDir: string;
	userFolder: string;
	main: N8nInstance;
	workers: N8nInstance[];
	/** The first of `webhooks`: WEBHOOK_URL points at it. */
	webhook: N8nInstance;
	webhooks: N8nInstance[];
	/** Stops webhook process `index` (as a crash or a deploy would) and returns a start that brings it back on its port. */
	stopWebhook(index: number): Promise<() => Promise<void>>;
	redisPort: number;
	db: QueueDatabase;
	rest: N8nRestSession;
	/** The environment every n8n process of the cluster runs with (queue mode, Postgres, Redis). */
	env: NodeJS.ProcessEnv;
	importCredential(credential: CredentialInput): Promise<{ id: string; name: string }>;
	importWorkflow(workflow: WorkflowJson): Promise<string>;
	/** Publishes on the main process and waits until its triggers are active. */
	publish(workflowId: string): Promise<void>;
	close(): Promise<void>;
}

/** Grace after SIGTERM when the cluster closes (instance.ts's default is 15 s). */
const CLOSE_GRACE_MS = 2_000;

export async function startQueueCluster(options: QueueClusterOptions): Promise<QueueCluster> {
	const [, tarball] = await Promise.all([ensureN8n(), packPackage()]);
	const runDir = createRunDir(options.label);
	const userFolder = path.join(runDir, 'n8n-user');
	const n8nStops: Array<(graceMs: number) => Promise<void>> = [];
	const serviceStops: Array<() => Promise<void>> = [];
	let closeDb: (() => Promise<void>) | undefined;
	const close = async (): Promise<void> => {
		try {
			await closeDb?.().catch(() => undefined);
			// n8n processes first, side by side, then Redis and Postgres. Nothing of the cluster is kept,
			// so no process gets n8n's graceful wait for its active executions (a parked or killed-worker
			// execution of the tests would hold main and a webhook process for the whole grace time).
			await Promise.all(n8nStops.splice(0).map(async (stop) => await stop(CLOSE_GRACE_MS).catch(() => undefined)));
			await Promise.all(serviceStops.splice(0).map(async (stop) => await stop().catch(() => undefined)));
		} finally {
			killAllChildren();
		}
	};
	try {
		const [redis, postgres] = await Promise.all([
			startRedis(path.join(runDir, 'redis')).then((r) => (serviceStops.push(r.stop), r)),
			startPostgres(path.join(runDir, 'postgres')).then((p) => (serviceStops.push(p.stop), p)),
			installPackage(userFolder, tarball),
		]);

		const webhookPort = await freePort();
		const env: NodeJS.ProcessEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
			...options.env,
		};
		const main = await startN8n({ userFolder, env });
		n8nStops.push(main.stop);
		const startWorker = async (): Promise<N8nInstance> => {
			const worker = await startN8n({ userFolder, command: 'worker', args: [`--concurrency=${options.workerConcurrency ?? 2}`], env });
			n8nStops.push(worker.stop);
			return worker;
		};
		const startWebhook = async (port: number): Promise<N8nInstance> => {
			const webhook = await startN8n({ userFolder, command: 'webhook', port, env: { ...env, ...options.webhookEnv } });
			n8nStops.push(webhook.stop);
			return webhook;
		};
		const webhookPorts = [webhookPort];
		for (let more = 1; more < (options.webhookCount ?? 1); more++) webhookPorts.push(await freePort());
		const [webhooks, workers] = await Promise.all([
			Promise.all(webhookPorts.map(startWebhook)),
			Promise.all(Array.from({ length: options.workerCount ?? 2 }, startWorker)),
		]);
		const [webhook] = webhooks;
		const db = await QueueDatabase.connect(postgres.port, postgres.user, postgres.database);
		closeDb = async () => await db.close();
		const rest = await N8nRestSession.owner(main.url);
		// Saved through the main process's REST API, as the editor saves: an `n8n import` would boot
		// a whole n8n process per call.
		const importer = restImporter(rest);
		const cluster: QueueCluster = {
			runDir,
			userFolder,
			main,
			workers,
			webhook,
			webhooks,
			stopWebhook: async (index) => {
				await webhooks[index].stop();
				return async () => {
					webhooks[index] = await startWebhook(webhookPorts[index]);
					if (index === 0) cluster.webhook = webhooks[0];
				};
			},
			redisPort: redis.port,
			db,
			rest,
			env,
			importCredential: async (credential) => await importer.importCredential(credential),
			importWorkflow: async (workflow) => await importer.importWorkflow(workflow),
			publish: async (workflowId) => {
				const before = await db.lastOutboxId(workflowId);
				await rest.publishWorkflow(workflowId);
				await db.waitForPublication(workflowId, before);
			},
			close,
		};
		return cluster;
	} catch (error) {
		await close();
		throw error;
	}
}
