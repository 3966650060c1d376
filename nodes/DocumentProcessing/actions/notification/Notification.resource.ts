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
				description: 'Get one notification event by its ID: its type (e.g. job.completed), the job it is about, its status and time',
				action: 'Get notification event',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account’s notification events, newest first, optionally unread only, of some types, of one workflow or since a time',
				action: 'Get many notification events',
			},
			{
				name: 'Get Unread Count',
				value: 'getUnreadCount',
				description: 'Count the notification events not yet marked as read, optionally of one workflow',
				action: 'Get unread notification count',
			},
			{
				name: 'Mark as Read',
				value: 'markRead',
				description: 'Mark notification events as read: by their IDs, all created before a time, or all',
				action: 'Mark notification events as read',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
	...getUnreadCount.description,
	...markRead.description,
];
