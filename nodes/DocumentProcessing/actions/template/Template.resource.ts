import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a service template with its steps',
				action: 'Get template',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the service’s templates',
				action: 'Get many templates',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
