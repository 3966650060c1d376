import type { INodeProperties } from 'n8n-workflow';
import * as partition from './partition.operation';

export { partition };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Partition File',
				value: 'partition',
				description: 'Read one file into elements or text, in one request',
				action: 'Partition file',
			},
		],
		default: 'partition',
	},
	...partition.description,
];
