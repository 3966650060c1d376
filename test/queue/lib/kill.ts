/**
 * A worker killed with SIGKILL while an execution waits for a service job (Wait for Job polling):
 * what n8n does with that execution, and whether any job is created twice.
 */
import type { RunningEmulator } from '../../emulator';
import { killGroup, runOk, sleep } from '../../e2e/lib/proc';
import type { QueueCluster } from './cluster';
import { postJson, publishWebhookWorkflow, workerOfExecutions, writeInputFiles, type EmulatorCredential } from './scenarios';

export interface KilledWorkerOutcome {
	executionId: number;
	/** Bull's state of the execution's job after the stall check (`removed` when no longer stored). */
	bullState: string;
	failedReason: string;
	/** The execution's status once it left "running". */
	status: string;
	errorMessage: string;
	/** Nodes with run data in the saved execution. */
	ranNodes: string[];
	executions: number;
	jobsCreated: number;
	jobStillRunningAtService: boolean;
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
		await sleep(250);
	}
}

async function redis(cluster: QueueCluster, args: string[]): Promise<string> {
	return (await runOk('redis-cli', ['-h', '127.0.0.1', '-p', String(cluster.redisPort), '--raw', ...args])).stdout.trim();
}

/** Bull's state and failure reason of the job that carries `executionId` (n8n's queue is `bull:jobs`). */
async function bullJob(cluster: QueueCluster, executionId: number): Promise<{ state: string; failedReason: string } | undefined> {
	for (const state of ['failed', 'active', 'wait', 'completed']) {
		const ids = state === 'failed' || state === 'completed' ? await redis(cluster, ['ZRANGE', `bull:jobs:${state}`, '0', '-1']) : await redis(cluster, ['LRANGE', `bull:jobs:${state}`, '0', '-1']);
		for (const id of ids.split('\n').filter(Boolean)) {
			const data = await redis(cluster, ['HGET', `bull:jobs:${id}`, 'data']);
			if ((JSON.parse(data || '{}') as { executionId?: string }).executionId === String(executionId)) {
				return { state, failedReason: await redis(cluster, ['HGET', `bull:jobs:${id}`, 'failedReason']) };
			}
		}
	}
	return undefined;
}

export async function killedWorkerScenario(cluster: QueueCluster, emulator: RunningEmulator, credential: EmulatorCredential): Promise<KilledWorkerOutcome> {
	const previous = emulator.getConfig().job_duration_ms;
	emulator.setConfig({ job_duration_ms: 10 * 60_000 }); // the job is still running when the worker dies
	try {
		const glob = writeInputFiles(cluster, 1, 1024);
		const { workflowId, url } = await publishWebhookWorkflow(cluster, 'wait-for-job-webhook.json', credential);
		const jobsBefore = new Set(emulator.store.jobs.keys());
		const answer = await postJson(url, { glob });
		if (answer.status !== 200) throw new Error(`webhook answered ${answer.status} ${answer.body}`);
		const newJobs = () => [...emulator.store.jobs.values()].filter((job) => !jobsBefore.has(job.id));
		const job = await waitFor('job launched', async () => newJobs()[0], 120_000);
		// Wait for Job is polling: at least two reads of the job have reached the service.
		await waitFor('Wait for Job polling', async () => {
			const response = await fetch(`${emulator.url}/_emulator/requests`);
			const { requests } = (await response.json()) as { requests: Array<{ method: string; path: string }> };
			return requests.filter((r) => r.method === 'GET' && r.path.endsWith(job.id)).length >= 2 ? true : undefined;
		}, 60_000);
		const [execution] = await cluster.db.executions(workflowId);
		const executionId = Number(execution.id);
		const workerIndex = workerOfExecutions(cluster, [executionId]).get(executionId);
		if (workerIndex === undefined) throw new Error(`no worker log mentions execution ${executionId}`);
		killGroup(cluster.workers[workerIndex].pid, 'SIGKILL');

		// Bull notices the lost lock at its next stalled-job check on the surviving worker; n8n may
		// have it remove failed jobs at once (queue retention), so "gone" counts as given up too.
		const bull = await waitFor('Bull gives up on the job', async () => {
			const found = await bullJob(cluster, executionId);
			if (found?.state === 'active') return undefined;
			return found ?? { state: 'removed', failedReason: '' };
		}, 60_000);
		const ended = await waitFor('the execution leaves "running"', async () => {
			const [row] = await cluster.db.executions(workflowId);
			return row.status === 'running' || row.status === 'new' ? undefined : row.status;
		}, 60_000);
		await sleep(10_000); // room for a re-run, should n8n start one
		const data = await cluster.db.runData(executionId);
		return {
			executionId,
			bullState: bull.state,
			failedReason: bull.failedReason,
			status: ended,
			errorMessage: data?.resultData.error?.message ?? '',
			ranNodes: Object.keys(data?.resultData.runData ?? {}),
			executions: (await cluster.db.executions(workflowId)).length,
			jobsCreated: newJobs().length,
			jobStillRunningAtService: emulator.store.jobs.get(job.id)?.status === 'IN_PROGRESS',
		};
	} finally {
		emulator.setConfig({ job_duration_ms: previous });
	}
}
