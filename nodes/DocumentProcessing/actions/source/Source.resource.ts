import type { INodeProperties } from 'n8n-workflow';
import * as checkConnection from './checkConnection.operation';
import * as create from './create.operation';
import * as deleteSource from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { checkConnection, create, deleteSource as delete, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['source'] } },
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
				description: 'Create a connector the service reads files from',
				action: 'Create source connector',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a source connector',
				action: 'Delete source connector',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a source connector, secrets masked',
				action: 'Get source connector',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List source connectors, optionally of one type',
				action: 'Get many source connectors',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Replace a source connector’s config',
				action: 'Update source connector',
			},
		],
		default: 'create',
	},
	...checkConnection.description,
	...create.description,
	...deleteSource.description,
	...get.description,
	...getAll.description,
	...update.description,
];
