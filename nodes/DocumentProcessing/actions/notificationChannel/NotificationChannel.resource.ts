import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as verify from './verify.operation';

// `delete` is a reserved word, so the module is imported as `del` and exported under the operation's value.
export { create, del as delete, get, getAll, update, verify };

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
				name: 'Delete',
				value: 'delete',
				description: 'Delete a notification channel; it receives no more events',
				action: 'Delete notification channel',
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
				name: 'Update',
				value: 'update',
				description: 'Enable or disable a channel, or change its events, description or URL',
				action: 'Update notification channel',
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
	...del.description,
	...get.description,
	...getAll.description,
	...update.description,
	...verify.description,
];
