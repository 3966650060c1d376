import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor, executingNode } from '../../api/context';
import { markNotificationsRead, type MarkReadRequest } from '../../api/notifications';
import { runPerItem } from '../../helpers/items';
import { requireUuid } from '../../checks/validate';
import { eventWorkflowIdFrom, eventWorkflowIdOption, isoDateFrom } from './shared/eventFields';

/** The service takes at most this many ids in one request. */
const MAX_IDS = 100;

const properties: INodeProperties[] = [
	{
		displayName: 'Mark',
		name: 'markBy',
		type: 'options',
		options: [
			{ name: 'Events by ID', value: 'ids', description: 'The events whose IDs you give (up to 100)' },
			{ name: 'Events Before a Time', value: 'before', description: 'Every event created before a date and time' },
			{ name: 'All Events', value: 'all', description: 'Every event' },
		],
		default: 'ids',
		description: 'Which events to mark as read: the service takes exactly one of these',
	},
	{
		displayName: 'Notification IDs',
		name: 'notificationIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718, 4e1c2b1a-7d8e-4f90-a1b2-c3d4e5f60718',
		description: 'IDs of the events, separated by commas, or an array from an expression (e.g. the IDs output by Get Many)',
		displayOptions: { show: { markBy: ['ids'] } },
	},
	{
		displayName: 'Before',
		name: 'before',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Events created before this time are marked as read',
		displayOptions: { show: { markBy: ['before'] } },
	},
	{
		displayName: 'Options',
		name: 'markOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [eventWorkflowIdOption],
		displayOptions: { show: { markBy: ['before', 'all'] } },
	},
];

export const description = updateDisplayOptions({ show: { resource: ['notification'], operation: ['markRead'] } }, properties);

function idsFrom(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = ctx.getNodeParameter('notificationIds', itemIndex, '') as unknown;
	const list = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((id) => (typeof id === 'string' ? id.trim() : id)).filter((id) => id !== '');
	if (list.length === 0 || list.length > MAX_IDS) {
		throw new NodeOperationError(executingNode(ctx), list.length === 0 ? 'Notification IDs is empty' : `Notification IDs has ${list.length} IDs: at most ${MAX_IDS} fit in one request`, {
			itemIndex,
			description: list.length === 0 ? 'Enter one or more event IDs, separated by commas.' : 'Split the IDs over several items (e.g. with a Loop Over Items node), or use Mark › Events Before a Time.',
		});
	}
	return list.map((id, index) => requireUuid(executingNode(ctx), `Notification IDs (entry ${index + 1})`, id, itemIndex));
}

/** Exactly one way of choosing, and a workflow only with Before or All: checked here, before any request. */
function requestFrom(ctx: IExecuteFunctions, itemIndex: number): MarkReadRequest {
	const markBy = ctx.getNodeParameter('markBy', itemIndex, 'ids') as string;
	const options = ctx.getNodeParameter('markOptions', itemIndex, {}) as IDataObject;
	const workflowId = eventWorkflowIdFrom(ctx, itemIndex, 'Options', options.workflowId);
	const scoped = workflowId === undefined ? {} : { workflow_id: workflowId };
	if (markBy === 'ids') {
		if (workflowId !== undefined) {
			throw new NodeOperationError(executingNode(ctx), 'Options → Workflow ID applies only to Mark › Events Before a Time or All Events', {
				itemIndex,
				description: 'Events chosen by ID are marked whatever their workflow: remove the Workflow ID option.',
			});
		}
		return { notification_ids: idsFrom(ctx, itemIndex) };
	}
	if (markBy === 'before') return { before: isoDateFrom(ctx, itemIndex, 'Before', ctx.getNodeParameter('before', itemIndex, '')), ...scoped };
	if (markBy === 'all') return { mark_all: true, ...scoped };
	throw new NodeOperationError(executingNode(ctx), `Mark "${markBy}" is not a way of choosing events`, { itemIndex, description: 'Use ids, before or all.' });
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const request = requestFrom(this, itemIndex);
		return await markNotificationsRead(await callContextFor(this, itemIndex), request);
	});
}
