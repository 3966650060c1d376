import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';

export { create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['source'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a source connector (where a workflow reads files from); plaintext secrets in its config are encrypted and registered first',
				action: 'Create source connector',
			},
		],
		default: 'create',
	},
	...create.description,
];
