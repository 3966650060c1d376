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
				description: 'Store a new workflow in the service: its nodes (fields, JSON or a template), source, destination and schedule',
				action: 'Create workflow',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a stored workflow by ID',
				action: 'Delete workflow',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a stored workflow (nodes, source, destination, schedule, status) by ID',
				action: 'Get workflow',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account’s stored workflows, optionally filtered by status, name, connector or creation time',
				action: 'Get many workflows',
			},
			{
				name: 'Run',
				value: 'run',
				description: 'Run a workflow stored in the service, by its ID, optionally on files (binary data), and optionally wait for its outputs',
				action: 'Run workflow',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a stored workflow’s name, nodes, source, destination, schedule or type by ID; unset fields are kept',
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
