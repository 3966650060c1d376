import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as deleteWorkflow from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as run from './run.operation';
import * as update from './update.operation';

export { create, deleteWorkflow as delete, get, getAll, run, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Store a new workflow: its steps, source and destination',
				action: 'Create workflow',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a stored workflow',
				action: 'Delete workflow',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a stored workflow',
				action: 'Get workflow',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List stored workflows',
				action: 'Get many workflows',
			},
			{
				name: 'Run',
				value: 'run',
				description: 'Run a stored workflow, on files or its source',
				action: 'Run workflow',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a stored workflow',
				action: 'Update workflow',
			},
		],
		default: 'run',
	},
	...create.description,
	...deleteWorkflow.description,
	...get.description,
	...getAll.description,
	...run.description,
	...update.description,
];
