import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { runPerUnit } from '../../helpers/items';
import { waitAndDownload } from '../finish';
import { jobOutcome, waitForJob } from '../wait';
import type { PendingJob } from './park';

/** Same concurrency as the poll mode of Process Files and Wait for Job: waiting is mostly sleeping. */
const JOBS_IN_FLIGHT = 100;

/** What the run shows when the execution could not pause; `reason` is the service's refusal in its words. */
export function pollFallbackHint(reason: string): string {
	return `Wait Mode › Pause was not possible, so this execution waited by polling instead: the service refused the notification channel for the pause (${reason}). Delete unused notification channels (a scope holds at most 50) or use Wait Mode › Poll in This Execution.`;
}

/**
 * Never fail for lack of a channel: when the service refuses the pause's channel, the jobs (already
 * launched) are waited for exactly as Wait Mode › Poll does, and the run says so in an execution
 * hint (shown above the node's output; older n8n without hints still gets the poll mode's items).
 */
export async function pollInstead(
	ctx: IExecuteFunctions,
	pending: PendingJob[],
	carried: INodeExecutionData[],
	reason: string,
): Promise<INodeExecutionData[]> {
	if (typeof ctx.addExecutionHints === 'function') {
		ctx.addExecutionHints({ message: pollFallbackHint(reason), type: 'warning', location: 'outputPane' });
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
