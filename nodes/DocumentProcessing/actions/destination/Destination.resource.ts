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
				description: 'Have the service try a destination connector’s connection (address, credentials); optionally wait for SUCCESS or FAILURE and its reason',
				action: 'Check destination connection',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a destination connector (where a workflow writes its results); plaintext secrets in its config are encrypted and registered first',
				action: 'Create destination connector',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a destination connector by ID',
				action: 'Delete destination connector',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a destination connector by ID: its name, type and config (secrets masked)',
				action: 'Get destination connector',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account’s destination connectors, optionally of one type',
				action: 'Get many destination connectors',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Replace a destination connector’s whole config (name and type stay); plaintext secrets in it are encrypted and registered first',
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
