/**
 * Shared steps of the pause-mode suites (e2e and queue): the credential, the Process Files
 * workflow in either wait mode, triggering it, waiting for an execution to park, and reading the
 * emulator's side (jobs, the pause channel, job polls).
 */
import { randomUUID } from 'node:crypto';
import type { RunningEmulator } from '../../emulator';
import { listExecutions, type ExecutionSummary } from './executions';
import { sleep } from './proc';
import { loadWorkflow } from './workflow-file';
import type { WorkflowJson } from './cli';

/**
 * Extra credential fields every pause-mode test needs: the emulator and n8n talk over loopback
 * http, and the node refuses http channel URLs (the service requires https) unless the
 * credential's loopback switch is on.
 */
export const PAUSE_CREDENTIAL_EXTRA: Record<string, unknown> = { allowHttpWebhooksOnLoopback: true };

export function emulatorCredentialData(emulator: RunningEmulator, apiKey: string): Record<string, unknown> {
	return { apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl, ...PAUSE_CREDENTIAL_EXTRA };
}

export interface PauseWorkflowOptions {
	waitMode: 'poll' | 'pause';
	credential: { id: string; name: string };
	timeoutMinutes?: number;
	batchMode?: 'perItem' | 'combine';
}

export function pauseWorkflow(options: PauseWorkflowOptions): { workflow: WorkflowJson; path: string } {
	const path = `pause-${options.waitMode}-${randomUUID().slice(0, 8)}`;
	const workflow = loadWorkflow('pause-process-files.json', {
		WEBHOOK_ID: randomUUID(),
		WEBHOOK_PATH: path,
		WAIT_MODE: options.waitMode,
		BATCH_MODE: options.batchMode ?? 'perItem',
		TIMEOUT_MINUTES: options.timeoutMinutes ?? 30,
		CREDENTIAL_ID: options.credential.id,
		CREDENTIAL_NAME: options.credential.name,
	});
	workflow.name = `${workflow.name} ${path}`;
	return { workflow, path };
}

/** Starts the published workflow through its production webhook with the files matching `glob`. */
export async function startRun(n8nUrl: string, path: string, glob: string): Promise<void> {
	const response = await fetch(`${n8nUrl}/webhook/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ glob }),
	});
	if (response.status !== 200) throw new Error(`webhook ${path} answered ${response.status}: ${await response.text()}`);
}

/** Waits until `count` executions of the workflow after `afterId` have the status, oldest first. */
export async function executionsWithStatus(
	userFolder: string,
	options: { workflowId: string; afterId: number; status: string; count: number; timeoutMs?: number },
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	for (;;) {
		const all = await listExecutions(userFolder, { workflowId: options.workflowId, afterId: options.afterId });
		const matching = all.filter((execution) => execution.status === options.status).reverse();
		if (matching.length >= options.count) return matching;
		if (Date.now() > deadline) {
			throw new Error(`expected ${options.count} ${options.status} execution(s), found: ${all.map((e) => `${e.id}=${e.status}`).join(', ') || 'none'}`);
		}
		await sleep(300);
	}
}

/** Ids of the emulator's jobs not in `known`, oldest first. */
export function newJobIds(emulator: RunningEmulator, known: Set<string>): string[] {
	return [...emulator.store.jobs.values()]
		.filter((job) => !known.has(job.id))
		.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
		.map((job) => job.id);
}

export function jobIds(emulator: RunningEmulator): Set<string> {
	return new Set(emulator.store.jobs.keys());
}

/** The pause channel whose URL resumes execution `executionId`, if the emulator has it. */
export function pauseChannelOf(emulator: RunningEmulator, executionId: number | string) {
	return [...emulator.store.channels.values()].find((channel) => channel.url?.includes(`/webhook-waiting/${executionId}`));
}

/** Ends a job that runs until told (the emulator's control endpoint). */
export async function finishJob(emulator: RunningEmulator, jobId: string, status: 'COMPLETED' | 'FAILED' | 'STOPPED' = 'COMPLETED'): Promise<void> {
	if (!(await emulator.finishJob(jobId, status))) throw new Error(`job ${jobId} is unknown or has ended already`);
}

/** How many times the node asked for a job's record (a paused execution never polls). */
export async function jobPolls(emulator: RunningEmulator, jobId: string): Promise<number> {
	const response = await fetch(`${emulator.url}/_emulator/requests`);
	const { requests } = (await response.json()) as { requests: Array<{ method: string; path: string }> };
	return requests.filter((entry) => entry.method === 'GET' && entry.path === `/api/v1/jobs/${jobId}`).length;
}

/** Items with run-specific ids (jobs, files, nodes of on-demand jobs) replaced, to compare two runs. */
export function withoutRunIds(items: Array<Record<string, unknown>>): unknown {
	const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
	return JSON.parse(JSON.stringify(items).replace(uuid, 'ID')) as unknown;
}
