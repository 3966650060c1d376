import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getFailedFiles } from '../../api/jobFailures';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobLocator } from './shared/jobId';

const properties: INodeProperties[] = [jobLocator];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['getFailedFiles'] } }, properties);

/** One item per file that failed in the job (`{job_id, document, error}`); none when every file succeeded. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const jobId = jobIdFrom(this, itemIndex);
		const failed = await getFailedFiles(await callContextFor(this, itemIndex), jobId);
		return failed.map((file) => ({ job_id: jobId, ...file }));
	});
}
