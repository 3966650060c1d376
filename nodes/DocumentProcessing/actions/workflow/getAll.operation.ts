import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor, executingNode } from '../../api/context';
import { collectWorkflows, type WorkflowQuery } from '../../api/workflows';
import { returnAllProperties } from '../../descriptions/returnAll';
import { runPerItem } from '../../helpers/items';
import { requireOpaqueId } from '../../checks/opaqueId';
import { destinationLocator, sourceLocator } from '../../descriptions/pickers';
import { locatorText } from '../../descriptions/resourceLocators';

const properties: INodeProperties[] = [
	...returnAllProperties,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: 'Only workflows created before this time' },
			{ displayName: 'Created Since', name: 'createdSince', type: 'dateTime', default: '', description: 'Only workflows created at or after this time' },
			destinationLocator({ required: false, description: 'Only workflows that write to this destination' }),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Only workflows with this name' },
			sourceLocator({ required: false, description: 'Only workflows that read from this source' }),
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Active', value: 'active' },
					{ name: 'Inactive', value: 'inactive' },
					{ name: 'Paused', value: 'paused' },
				],
				default: 'active',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				options: [
					{ name: 'Created', value: 'created_at' },
					{ name: 'ID', value: 'id' },
					{ name: 'Last Updated', value: 'updated_at' },
					{ name: 'Name', value: 'name' },
					{ name: 'Status', value: 'status' },
				],
				default: 'created_at',
			},
			{
				displayName: 'Sort Direction',
				name: 'sortDirection',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100 },
				default: 50,
				description: 'How many workflows each request asks for; the node pages until it has what Return All or Limit asks for',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['getAll'] } }, properties);

function isoTime(ctx: IExecuteFunctions, field: string, raw: unknown, itemIndex: number): string {
	const time = new Date(String(raw));
	if (Number.isNaN(time.getTime())) {
		throw new NodeOperationError(ctx.getNode(), `Filters → ${field} "${String(raw)}" is not a date`, { itemIndex, description: 'Give a date and time, e.g. 2026-01-31T09:00:00Z.' });
	}
	return time.toISOString();
}

function queryFrom(ctx: IExecuteFunctions, itemIndex: number): WorkflowQuery {
	const node = executingNode(ctx);
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const query: WorkflowQuery = {
		sort_by: (options.sortBy as string | undefined) ?? 'created_at',
		sort_direction: options.sortDirection === 'asc' ? 'asc' : 'desc',
	};
	if (typeof filters.status === 'string') query.status = filters.status;
	if (typeof filters.name === 'string' && filters.name.trim() !== '') query.name = filters.name.trim();
	const source = locatorText(filters.sourceId);
	const destination = locatorText(filters.destinationId);
	if (source) query.source_id = requireOpaqueId(node, 'Filters → Source Connector', source, itemIndex);
	if (destination) query.destination_id = requireOpaqueId(node, 'Filters → Destination Connector', destination, itemIndex);
	if (filters.createdSince) query.created_since = isoTime(ctx, 'Created Since', filters.createdSince, itemIndex);
	if (filters.createdBefore) query.created_before = isoTime(ctx, 'Created Before', filters.createdBefore, itemIndex);
	return query;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const query = queryFrom(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const pageSize = typeof options.pageSize === 'number' ? options.pageSize : 50;
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
		return await collectWorkflows(await callContextFor(this, itemIndex), query, pageSize, limit);
	});
}
