import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { runPerUnit } from '../../helpers/items';
import { waitAndDownload } from '../finish';
import { jobOutcome, waitForJob } from '../wait';
import type { PendingJob } from './park';

/** Same concurrency as the poll mode of Process Files and Wait for Job: waiting is mostly sleeping. */
const JOBS_IN_FLIGHT = 100;

/** Why the execution could not pause, and what the user can do about it. */
export interface PauseRefusal {
	reason: string;
	advice: string;
}

export function channelRefused(message: string): PauseRefusal {
	return {
		reason: `the service refused the notification channel for the pause (${message})`,
		advice: 'Delete unused notification channels (a scope holds at most 50) or use Wait Mode › Poll in This Execution.',
	};
}

export function stateTooLarge(jobs: number): PauseRefusal {
	return {
		reason: `the ${jobs} jobs are too many for one pause channel's address`,
		advice: 'Split the items over several executions (e.g. Loop Over Items) to pause, or use Wait Mode › Poll in This Execution.',
	};
}

/** What the run shows when the execution could not pause. */
export function pollFallbackHint(refusal: PauseRefusal): string {
	return `Wait Mode › Pause was not possible, so this execution waited by polling instead: ${refusal.reason}. ${refusal.advice}`;
}

/**
 * Never fail for lack of a channel: when the service refuses the pause's channel (or the pause's
 * state is too large for its address), the jobs (already launched) are waited for exactly as Wait Mode › Poll does, and the run says so in an execution
 * hint (shown above the node's output; older n8n without hints still gets the poll mode's items).
 */
export async function pollInstead(
	ctx: IExecuteFunctions,
	pending: PendingJob[],
	carried: INodeExecutionData[],
	refusal: PauseRefusal,
): Promise<INodeExecutionData[]> {
	if (typeof ctx.addExecutionHints === 'function') {
		ctx.addExecutionHints({ message: pollFallbackHint(refusal), type: 'warning', location: 'outputPane' });
	}
	const polled = await runPerUnit(
		ctx,
		pending.map((job) => job.launched.itemIndices),
		async (unitIndex) => {
			const { launched, call, wait, output } = pending[unitIndex];
			if (output !== undefined) return await waitAndDownload(ctx, call, launched, wait, output);
			const itemIndex = launched.itemIndices[0];
			return jobOutcome(ctx.getNode(), await waitForJob(call, launched.job.id, wait), wait, itemIndex);
		},
		JOBS_IN_FLIGHT,
	);
	return [...carried, ...polled];
}
