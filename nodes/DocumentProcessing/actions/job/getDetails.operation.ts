import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getJobDetails } from '../../api/jobFailures';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobLocator } from './shared/jobId';

const properties: INodeProperties[] = [jobLocator];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['getDetails'] } }, properties);

/** The job's processing view: COMPLETED_WITH_ERRORS (some files failed) shows here, never in the job record. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		return await getJobDetails(await callContextFor(this, itemIndex), jobIdFrom(this, itemIndex));
	});
}
