import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor, executingNode, type CallContext } from '../../api/context';
import { EVENT_PAGE_MAX, listNotificationEvents, type EventFilter } from '../../api/notifications';
import { filtersProperty, returnAllProperties } from '../../descriptions/returnAll';
import { EVENT_TYPE_OPTIONS, isEventType } from '../../webhooks/eventTypes';
import { runPerItem } from '../../helpers/items';
import { eventWorkflowIdFrom, eventWorkflowIdOption, isoDateFrom } from './shared/eventFields';
import { appendAll } from '../../helpers/arrays';

const properties: INodeProperties[] = [
	...returnAllProperties,
	filtersProperty([
		{
			displayName: 'Event Types',
			name: 'eventTypes',
			type: 'multiOptions',
			options: EVENT_TYPE_OPTIONS,
			default: [],
			description: 'Only events of these types',
		},
		{
			displayName: 'Since',
			name: 'since',
			type: 'dateTime',
			default: '',
			description: 'Only events created after this time',
		},
		{
			displayName: 'Unread Only',
			name: 'unreadOnly',
			type: 'boolean',
			default: true,
			description: 'Whether to return only the events not yet marked as read',
		},
		eventWorkflowIdOption,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['notification'], operation: ['getAll'] } }, properties);

function filterFrom(ctx: IExecuteFunctions, itemIndex: number): EventFilter {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const eventTypes = Array.isArray(filters.eventTypes) ? filters.eventTypes : [];
	const unknown = eventTypes.find((type) => !isEventType(type));
	if (unknown !== undefined) {
		throw new NodeOperationError(executingNode(ctx), `Filters → Event Types: "${String(unknown)}" is not an event type`, {
			itemIndex,
			description: `Use job.scheduled, job.in_progress, job.completed, job.stopped or job.failed.`,
		});
	}
	return {
		workflowId: eventWorkflowIdFrom(ctx, itemIndex, 'Filters', filters.workflowId),
		eventTypes: eventTypes as string[],
		since: filters.since === undefined || filters.since === '' ? undefined : isoDateFrom(ctx, itemIndex, 'Filters → Since', filters.since),
		unreadOnly: filters.unreadOnly === true,
	};
}

/** Follows the cursor until the service has no more, or the limit is reached. */
async function readEvents(call: CallContext, filter: EventFilter, limit: number): Promise<IDataObject[]> {
	const events: IDataObject[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	do {
		const page = await listNotificationEvents(call, filter, Math.min(EVENT_PAGE_MAX, limit - events.length), cursor);
		appendAll(events, page.events.slice(0, limit - events.length));
		cursor = page.nextCursor;
		// A cursor the service gave before would start the same pages over, without end.
		if (cursor !== undefined && seen.has(cursor)) {
			throw new NodeOperationError(call.node, 'The service returned the same page cursor twice while listing notification events', {
				itemIndex: call.itemIndex,
				description: `Turn off Return All and set a Limit, or narrow the Filters. ${events.length} events were read before the repeat (GET /api/v1/notifications).`,
			});
		}
		if (cursor !== undefined) seen.add(cursor);
	} while (cursor !== undefined && events.length < limit);
	return events;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const filter = filterFrom(this, itemIndex);
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? Number.POSITIVE_INFINITY : (this.getNodeParameter('limit', itemIndex, 50) as number);
		if (!returnAll && !(Number.isInteger(limit) && limit >= 1)) {
			throw new NodeOperationError(executingNode(this), `Limit ${String(limit)} is not a whole number of 1 or more`, { itemIndex, description: 'Set Limit to 1 or more, or turn on Return All.' });
		}
		return await readEvents(await callContextFor(this, itemIndex), filter, limit);
	});
}
