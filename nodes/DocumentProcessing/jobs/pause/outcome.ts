import type { INodeExecutionData } from 'n8n-workflow';
import type { CallContext } from '../../api/context';
import type { Job } from '../../api/schemas';
import { jobFileRecords } from '../../failedFiles/jobFiles';
import { nameNotProcessed } from '../../failedFiles/notProcessed';
import { failedFilesOf, withFailedFiles } from '../../failedFiles/records';
import { errorItems, withItemIndex } from '../../helpers/items';
import { mapLimited } from '../../async/concurrency';
import { type FinishContext, itemsOfFinishedJob } from '../finish';
import type { LaunchedJob } from '../launch';
import { isTerminal, jobOutcome, timeoutError, type WaitSettings } from '../wait';
import type { PausedJob, PauseState } from './state';
import { appendAll } from '../../helpers/arrays';

/** A paused job's launch as the poll mode would have kept it: file names and items, not the bytes. */
function launchedFromState(paused: PausedJob, job: Job): LaunchedJob {
	const files = paused.files.map((file) => ({
		fileName: file.n,
		itemIndex: file.i,
		property: file.p,
		mimeType: file.m,
		size: file.s,
		...(file.u === undefined ? {} : { sourceUrl: file.u }),
		open: async (): Promise<Buffer> => {
			throw new Error('The files of a paused job were uploaded when it was launched');
		},
	}));
	return {
		job: { ...job, input_file_ids: paused.fileIds },
		files,
		itemIndices: paused.items,
		...(paused.finalStep === undefined ? {} : { finalStep: paused.finalStep }),
	};
}

/** A paused job's files with the ids the service gave them, for failure records. */
function jobFilesOf(paused: PausedJob) {
	return paused.files.map((file, index) => ({ file: { fileName: file.n, itemIndex: file.i }, fileId: paused.fileIds[index] }));
}

function waitSettings(paused: PausedJob): WaitSettings {
	// Only failOnJobFailure matters once a job has ended; the poll schedule is not used.
	return { schedule: { initialMs: 0, maxMs: 0, factor: 1 }, timeoutMs: 0, failOnJobFailure: paused.failOnJobFailure };
}

/** The items of one ended job, exactly as the poll mode gives them once its wait is over. */
async function itemsOfEndedJob(ctx: FinishContext, call: CallContext, paused: PausedJob, job: Job): Promise<INodeExecutionData[]> {
	const itemIndex = paused.items[0];
	const itemCall = { ...call, itemIndex };
	if (paused.output === undefined) {
		return [{ json: jobOutcome(ctx.getNode(), job, waitSettings(paused), itemIndex), pairedItem: { item: itemIndex } }];
	}
	const { items, failures } = await itemsOfFinishedJob(ctx, itemCall, launchedFromState(paused, job), job, waitSettings(paused), paused.output);
	return [...items, ...failures];
}

/**
 * Jobs whose outputs are made side by side on a resume: all jobs of the execution end before it,
 * so their downloads, spread over the run in poll mode, all fall after the last job's end here.
 */
const JOBS_AT_ONCE = 8;

/**
 * Every job's items in job order, after the items decided before the pause. Under continue on
 * fail a job whose items cannot be made becomes an error item paired to its items; otherwise the
 * first such error (in job order) is thrown.
 */
export async function itemsOfEndedJobs(
	ctx: FinishContext,
	call: CallContext,
	state: PauseState,
	jobs: Job[],
): Promise<INodeExecutionData[]> {
	const perJob = await mapLimited(state.jobs.length, JOBS_AT_ONCE, async (index) => {
		const paused = state.jobs[index];
		try {
			return { items: await itemsOfEndedJob(ctx, call, paused, jobs[index]) };
		} catch (error) {
			return { error: withItemIndex(ctx, error, paused.items[0]) };
		}
	});
	const output: INodeExecutionData[] = [...(state.carried as INodeExecutionData[])];
	for (const [index, result] of perJob.entries()) {
		if (result.items !== undefined) appendAll(output, result.items);
		else if (!state.continueOnFail) throw result.error;
		else appendAll(output, errorItems(result.error, state.jobs[index].items));
	}
	return output;
}

/**
 * What the execution gives if the time limit passes: the items (the poll mode's failure items, one
 * per file of every job) and the error the node fails with, the poll mode's time-out error of the
 * first job still running, naming every file of every job as the poll mode's error does.
 */
export function timeLimitOutcome(call: CallContext, state: PauseState, jobs: Job[], timeoutMs: number): { error: Error; items: INodeExecutionData[] } {
	const wait = { schedule: { initialMs: 0, maxMs: 0, factor: 1 }, timeoutMs, failOnJobFailure: true };
	// Every file of a job still running is unprocessed: one failure item each, as in poll mode.
	const errors = state.jobs.map((paused, index) => {
		const error = timeoutError(call.node, jobs[index], wait, paused.items[0]);
		return withFailedFiles(error, jobFileRecords(jobFilesOf(paused), jobs[index].id, 'processing', error));
	});
	const items: INodeExecutionData[] = [
		...(state.carried as INodeExecutionData[]),
		...state.jobs.flatMap((paused, index) => errorItems(errors[index], paused.items)),
	];
	const running = Math.max(0, jobs.findIndex((job) => !isTerminal(job.status)));
	// The first running job's error, naming every job's files (in item order, as poll mode's does).
	const error = nameNotProcessed(errors[running], failedFilesOf(errors[running]) ?? []);
	for (const other of errors) nameNotProcessed(error, failedFilesOf(other) ?? []);
	return { error, items };
}
