import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { requireUuid } from '../../../helpers/validate';

export const jobIdProperty: INodeProperties = {
	displayName: 'Job ID',
	name: 'jobId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10',
	description: 'ID of the job (a UUID such as 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10), as returned by Create Job or Run Workflow',
};

/** The Job ID of an item, checked locally to be a UUID. */
export function jobIdFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(executingNode(ctx), 'Job ID', ctx.getNodeParameter('jobId', itemIndex), itemIndex);
}
