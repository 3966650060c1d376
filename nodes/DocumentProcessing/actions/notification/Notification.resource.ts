import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notification'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get one notification event by its ID: its type (e.g. job.completed), the job it is about, its status and time',
				action: 'Get notification event',
			},
		],
		default: 'get',
	},
	...get.description,
];
