import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { getJob } from '../api/jobs';
import { JOB_FAILURES, JOB_SUCCESS, type Job } from '../api/schemas';
import { pollDelay, type PollSchedule } from '../async/polling';
import { sleep } from '../async/sleep';
import type { CallContext } from '../api/context';

export interface WaitSettings {
	schedule: PollSchedule;
	timeoutMs: number;
	failOnJobFailure: boolean;
}

export function isTerminal(status: string): boolean {
	return status === JOB_SUCCESS || (JOB_FAILURES as readonly string[]).includes(status);
}

/** Polls until the job ends, quickly at first and then every `maxMs`; gives up at the timeout. */
export async function waitForJob(call: CallContext, jobId: string, settings: WaitSettings): Promise<Job> {
	const deadline = Date.now() + settings.timeoutMs;
	for (let poll = 0; ; poll++) {
		const delay = Math.min(pollDelay(poll, settings.schedule), Math.max(0, deadline - Date.now()));
		await sleep(delay, call.signal);
		const job = await getJob(call, jobId);
		if (isTerminal(job.status)) return job;
		if (Date.now() >= deadline) throw timeoutError(call.node, job, settings, call.itemIndex);
	}
}

export function timeoutError(node: INode, job: Job, settings: WaitSettings, itemIndex?: number): NodeOperationError {
	const minutes = Math.round((settings.timeoutMs / 60_000) * 100) / 100;
	const scheduled =
		job.status === 'SCHEDULED'
			? 'It is still SCHEDULED: the service runs at most 5 on-demand jobs per account at once, so it may be queued behind other jobs. '
			: '';
	return new NodeOperationError(node, `Job "${job.id}" did not finish within ${minutes} minutes (last status: ${job.status})`, {
		itemIndex,
		description: `${scheduled}Raise Options › Timeout (Minutes), or run Wait for Job again later with the same job ID: the job keeps running.`,
	});
}

/** The files a FAILED job's record names as failed (see jobs/finish.ts), as a sentence. */
function failedFilesText(job: Job): string {
	const failed = Array.isArray(job.failed_files) ? (job.failed_files as Array<{ document?: unknown; error?: unknown }>) : [];
	if (failed.length === 0) return '';
	return ` The service's reasons: ${failed.map((file) => `"${String(file.document)}": ${String(file.error ?? 'no reason given')}`).join('; ')}.`;
}

/** A finished job as output: `succeeded` says how it ended; an unsuccessful end is an error unless the user opted out. */
export function jobOutcome(node: INode, job: Job, settings: WaitSettings, itemIndex: number): Job & { succeeded: boolean } {
	const succeeded = job.status === JOB_SUCCESS;
	if (!succeeded && settings.failOnJobFailure) {
		throw new NodeOperationError(node, `Job "${job.id}" ended with status ${job.status}`, {
			itemIndex,
			description:
				job.status === 'STOPPED'
					? 'The job was stopped before it finished. Turn off Options › Fail on Unsuccessful Job to output it instead.'
					: `The service could not process the job (e.g. it failed to initialise).${failedFilesText(job)} Check its files and pipeline; turn off Options › Fail on Unsuccessful Job to output it instead.`,
		});
	}
	return { ...job, succeeded };
}
