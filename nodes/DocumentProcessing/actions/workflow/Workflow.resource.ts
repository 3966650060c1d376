import type { INodeProperties } from 'n8n-workflow';
import * as run from './run.operation';

export { run };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{
				name: 'Run',
				value: 'run',
				description: 'Run a workflow stored in the service, by its ID, optionally on files (binary data), and optionally wait for its outputs',
				action: 'Run workflow',
			},
		],
		default: 'run',
	},
	...run.description,
];
