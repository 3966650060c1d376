import type { INodeProperties } from 'n8n-workflow';
import * as checkConnection from './checkConnection.operation';
import * as create from './create.operation';
import * as deleteDestination from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { checkConnection, create, deleteDestination as delete, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['destination'] } },
		options: [
			{
				name: 'Check Connection',
				value: 'checkConnection',
				description: 'Test whether the service can reach it',
				action: 'Check connection',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a connector the service writes results to',
				action: 'Create destination connector',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a destination connector',
				action: 'Delete destination connector',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a destination connector, secrets masked',
				action: 'Get destination connector',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List destination connectors, optionally of one type',
				action: 'Get many destination connectors',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Replace a destination connector’s config',
				action: 'Update destination connector',
			},
		],
		default: 'create',
	},
	...checkConnection.description,
	...create.description,
	...deleteDestination.description,
	...get.description,
	...getAll.description,
	...update.description,
];
