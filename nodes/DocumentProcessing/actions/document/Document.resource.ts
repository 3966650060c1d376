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
				description: 'Turn a file into elements (titles, paragraphs, tables, …) in one request',
				action: 'Partition a file',
			},
		],
		default: 'partition',
	},
	...partition.description,
];
