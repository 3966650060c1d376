import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as verify from './verify.operation';

export { create, get, getAll, verify };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notificationChannel'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Subscribe a webhook URL or an e-mail address to job events (completed, failed, …), for the workspace or one workflow',
				action: 'Create notification channel',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one notification channel by its ID: its type, address, events and whether it is enabled',
				action: 'Get notification channel',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the webhook or e-mail channels of the workspace or of one workflow',
				action: 'Get many notification channels',
			},
			{
				name: 'Verify',
				value: 'verify',
				description: 'Activate an e-mail channel with the six-digit code the service e-mailed to its address',
				action: 'Verify notification channel',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...verify.description,
];
