import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getUnreadCount from './getUnreadCount.operation';
import * as markRead from './markRead.operation';

export { get, getAll, getUnreadCount, markRead };

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
				description: 'Get one notification event',
				action: 'Get notification event',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List notification events, newest first',
				action: 'Get many notification events',
			},
			{
				name: 'Get Unread Count',
				value: 'getUnreadCount',
				description: 'Count the events not yet marked as read',
				action: 'Get unread count',
			},
			{
				name: 'Mark as Read',
				value: 'markRead',
				description: 'Mark events as read: some, older ones or all',
				action: 'Mark as read',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
	...getUnreadCount.description,
	...markRead.description,
];
