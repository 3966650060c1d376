import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getJob } from '../../api/jobs';
import { inItemOrder } from '../../jobs/pause/order';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobLocator } from './shared/jobId';
import { jobOutcome, waitForJob } from '../../jobs/wait';
import { pauseUntilJobsEnd, type PendingJob } from '../../jobs/pause/park';
import { assertPauseSupported } from '../../jobs/pause/stackEntry';
import { waitOptions } from '../../descriptions/waitFields';
import { operationOptions } from '../../descriptions/operationOptions';
import { readWaitMode, readWaitSettings } from '../common/jobSettings';

const properties: INodeProperties[] = [jobLocator, operationOptions(waitOptions)];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['waitForCompletion'] } }, properties);

/** Waiting is mostly sleeping, so many items wait side by side. */
export const WAIT_CONCURRENCY = 100;

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (readWaitMode(this) === 'pause') return await pause(this, items);
	return await runPerItem(
		this,
		items,
		async (itemIndex) => {
			const jobId = jobIdFrom(this, itemIndex);
			const settings = readWaitSettings(this, itemIndex);
			const call = await callContextFor(this, itemIndex);
			return jobOutcome(this.getNode(), await waitForJob(call, jobId, settings), settings, itemIndex);
		},
		WAIT_CONCURRENCY,
	);
}

/** Pause mode: the jobs are taken by id (checked to exist), then one wait covers them all. */
async function pause(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	assertPauseSupported(ctx);
	const pending: PendingJob[] = [];
	const refused = await runPerItem(
		ctx,
		items,
		async (itemIndex) => {
			const jobId = jobIdFrom(ctx, itemIndex);
			const call = await callContextFor(ctx, itemIndex);
			pending.push({ launched: { job: await getJob(call, jobId), files: [], itemIndices: [itemIndex] }, call, wait: readWaitSettings(ctx, itemIndex) });
			return [];
		},
		WAIT_CONCURRENCY,
	);
	return await pauseUntilJobsEnd(ctx, inItemOrder(pending), { carried: refused });
}
