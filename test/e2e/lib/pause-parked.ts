/**
 * Many executions of one Process Files workflow parked at once in one workspace (`npm run
 * bench:pause` and the pause-many e2e suite), their jobs ended by the caller, and what each job's
 * end cost: deliveries
 * (to the pause channels and to any other channel, e.g. a trigger's), the continuation of each
 * execution after its own job's end, and whether each resumed exactly once.
 */
import type { RunningEmulator } from '../../emulator';
import { listExecutions, maxExecutionId, readExecution, type SavedExecution, waitForExecutions } from './executions';
import { executionsWithStatus, finishJob, jobIds, newJobIds, startRun } from './pause';
import type { E2eN8n } from './setup';

const sleep = async (ms: number): Promise<void> => await new Promise((resolve) => setTimeout(resolve, ms));
const EXECUTION_IN_NAME = /, execution (\S+) \(until \S+, ref [0-9a-f]{16}\)$/;

export interface ParkedFigures {
	statuses: string[];
	/** Executions of the workflow after the start: one per run when each resumed once. */
	executions: number;
	/** Executions whose next node ran other than once (a second resume would run it again). */
	notOnce: number;
	jobEnds: number;
	/** Delivery attempts to the pause channels (retries included), and the distinct events they carried per channel. */
	toPauseChannels: number;
	eventsAtPauseChannels: number;
	toOtherChannels: number;
	notOk: number;
	/** Executions still waiting when the bench stopped waiting: every delivery to them failed. */
	lost: number;
	/** Each execution's next node start after its own job's end. */
	latencies: number[];
}

/** The next node's start, from the run data. */
export function afterStart(execution: SavedExecution): number {
	return Number(execution.data?.resultData.runData.After?.[0]?.startTime ?? Number.NaN);
}

/** The execution a pause workflow's job belongs to, read from the workflow's name (pauseWorkflow.ts). */
function executionOfJob(emulator: RunningEmulator, jobId: string): string | undefined {
	const workflowId = emulator.store.jobs.get(jobId)?.workflow_id;
	const name = workflowId === undefined ? undefined : emulator.store.workflows.get(workflowId)?.name;
	return EXECUTION_IN_NAME.exec(name ?? '')?.[1];
}

export async function parkedRuns(
	n8n: E2eN8n,
	emulator: RunningEmulator,
	flow: { id: string; path: string; glob: string },
	parked: number,
	endSpacingMs: number,
): Promise<ParkedFigures> {
	const before = await maxExecutionId(n8n.userFolder);
	const known = jobIds(emulator);
	for (let run = 0; run < parked; run++) await startRun(n8n.n8n.url, flow.path, flow.glob);
	await executionsWithStatus(n8n.userFolder, { workflowId: flow.id, afterId: before, status: 'waiting', count: parked, timeoutMs: parked * 3000 + 60_000 });
	const jobs = newJobIds(emulator, known);
	const executionOf = new Map(jobs.map((jobId) => [jobId, executionOfJob(emulator, jobId)]));
	const pauseChannels = new Set([...emulator.store.channels.values()].filter((channel) => channel.url?.includes('/webhook-waiting/')).map((channel) => channel.id));
	const deliveriesBefore = emulator.store.deliveries.length;
	const endOf = new Map<string, number>();
	for (const jobId of jobs) {
		endOf.set(String(executionOf.get(jobId)), Date.now());
		await finishJob(emulator, jobId);
		if (endSpacingMs > 0) await sleep(endSpacingMs);
	}
	// Executions whose deliveries were all lost stay waiting (until their time limit): counted, not awaited.
	const done = await waitForExecutions(n8n.userFolder, { workflowId: flow.id, afterId: before, count: parked, timeoutMs: 180_000 }).catch(
		async () => (await listExecutions(n8n.userFolder, { workflowId: flow.id, afterId: before })).filter((row) => row.status !== 'waiting'),
	);
	await emulator.deliveriesIdle();
	const attempts = emulator.store.deliveries.slice(deliveriesBefore).filter((attempt) => attempt.event_type !== 'job.in_progress');
	const read = await Promise.all(done.map(async (row) => await readExecution(n8n.userFolder, row.id)));
	const saved = read.filter((execution): execution is SavedExecution => execution !== undefined);
	return {
		statuses: done.map((row) => row.status),
		executions: (await listExecutions(n8n.userFolder, { workflowId: flow.id, afterId: before })).length,
		notOnce: saved.filter((execution) => execution.data?.resultData.runData.After?.length !== 1).length,
		jobEnds: jobs.length,
		toPauseChannels: attempts.filter((attempt) => pauseChannels.has(attempt.channel_id)).length,
		toOtherChannels: attempts.filter((attempt) => !pauseChannels.has(attempt.channel_id)).length,
		eventsAtPauseChannels: new Set(attempts.filter((attempt) => pauseChannels.has(attempt.channel_id)).map((attempt) => `${attempt.channel_id} ${attempt.event_id}`)).size,
		lost: parked - done.length,
		notOk: attempts.filter((attempt) => pauseChannels.has(attempt.channel_id) && attempt.status_code !== 200).length,
		latencies: saved.map((execution) => afterStart(execution) - (endOf.get(String(execution.id)) ?? Number.NaN)),
	};
}
