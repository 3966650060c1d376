import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobIdProperties } from './shared/jobId';
import { jobOutcome, waitForJob } from '../../jobs/wait';
import { readWaitSettings, waitOptionsProperty } from './shared/waitFields';

const properties: INodeProperties[] = [...jobIdProperties(), waitOptionsProperty];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['waitForCompletion'] } }, properties);

/** Waiting is mostly sleeping, so many items wait side by side. */
export const WAIT_CONCURRENCY = 100;

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
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
