import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** n8n's usual Return All / Limit pair for Get Many operations. */
export const returnAllProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The service does not page its lists (as far as the interface shows), so the limit is applied here. */
export function limitResults<T>(ctx: IExecuteFunctions, itemIndex: number, list: T[]): T[] {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return list;
	return list.slice(0, ctx.getNodeParameter('limit', itemIndex, 50) as number);
}

/** The Filters collection of a Get Many (or count) operation. */
export function filtersProperty(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}
