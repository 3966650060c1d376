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
				description: 'Send job events to a webhook URL or e-mail address',
				action: 'Create notification channel',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a channel; it gets no more events',
				action: 'Delete notification channel',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a channel: its type, address and events',
				action: 'Get notification channel',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the webhook or e-mail channels',
				action: 'Get many notification channels',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Turn a channel on or off, or change its events',
				action: 'Update notification channel',
			},
			{
				name: 'Verify',
				value: 'verify',
				description: 'Activate an e-mail channel with its code',
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
