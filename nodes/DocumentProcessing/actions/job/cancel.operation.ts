import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { cancelJob } from '../../api/jobs';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobLocator } from './shared/jobId';

const properties: INodeProperties[] = [{ ...jobLocator, description: 'The scheduled or running job to stop' }];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['cancel'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		return await cancelJob(await callContextFor(this, itemIndex), jobIdFrom(this, itemIndex));
	});
}
