import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getJob } from '../../api/jobs';
import { runPerItem } from '../../helpers/items';
import { requireUuid } from '../../helpers/validate';

const properties: INodeProperties[] = [
	{
		displayName: 'Job ID',
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10',
		description: 'ID of the job, as returned by Create Job or Run Workflow',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const jobId = requireUuid(this.getNode(), 'Job ID', this.getNodeParameter('jobId', itemIndex), itemIndex);
		return await getJob(await callContextFor(this, itemIndex), jobId);
	});
}
