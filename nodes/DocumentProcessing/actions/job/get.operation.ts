import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor, executingNode } from '../../api/context';
import { getJob } from '../../api/jobs';
import { runPerItem } from '../../helpers/items';
import { requireUuid } from '../../helpers/validate';
import { jobIdProperty } from './shared/jobId';

const properties: INodeProperties[] = [jobIdProperty];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const jobId = requireUuid(executingNode(this), 'Job ID', this.getNodeParameter('jobId', itemIndex), itemIndex);
		return await getJob(await callContextFor(this, itemIndex), jobId);
	});
}
