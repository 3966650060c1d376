import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor, executingNode } from '../../api/context';
import { listJobs, type JobFilter } from '../../api/jobs';
import { JOB_STATUSES, type JobStatus } from '../../api/schemas';
import { filtersProperty, limitResults, returnAllProperties } from '../../descriptions/returnAll';
import { runPerItem } from '../../helpers/items';
import { workflowIdFromValue, workflowLocator } from '../../descriptions/workflowLocator';

/** A status in words, e.g. IN_PROGRESS → In Progress (the value stays the service's). */
const statusName = (status: string): string => status.toLowerCase().replace(/_/g, ' ').replace(/\b\w/g, (first) => first.toUpperCase());

const statusFilter: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: JOB_STATUSES.map((status) => ({ name: statusName(status), value: status })),
	default: 'IN_PROGRESS',
	description: 'Only jobs in this state',
};

const properties: INodeProperties[] = [
	...returnAllProperties,
	filtersProperty([statusFilter, workflowLocator({ required: false, description: 'Only the jobs of this service workflow (on-demand jobs each have their own)' })]),
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['getAll'] } }, properties);

function filterFrom(ctx: IExecuteFunctions, itemIndex: number): JobFilter {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filter: JobFilter = {};
	const workflow = filters.workflowId;
	if (workflow !== undefined) filter.workflowId = workflowIdFromValue(executingNode(ctx), workflow, itemIndex);
	if (filters.status !== undefined) {
		if (!(JOB_STATUSES as readonly unknown[]).includes(filters.status)) {
			throw new NodeOperationError(ctx.getNode(), `Filters → Status "${String(filters.status)}" is not a job status`, {
				itemIndex,
				description: `Use one of ${JOB_STATUSES.join(', ')}.`,
			});
		}
		filter.status = filters.status as JobStatus;
	}
	return filter;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const filter = filterFrom(this, itemIndex);
		const jobs = await listJobs(await callContextFor(this, itemIndex), filter);
		return limitResults(this, itemIndex, jobs);
	});
}
