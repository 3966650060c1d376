import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { asNodeError } from '../helpers/nodeErrors';
import { callService, LIST_ANSWER, type CallContext } from '../transport';

const eventFields = {
	id: z.string().min(1),
	event_type: z.string().min(1),
	created_at: z.string().min(1),
	/** Null for workspace-level events. */
	workflow_id: z.string().nullish(),
	is_read: z.boolean().nullish(),
};

/** A notification event read by id; its payload is only required to be an object. */
export const notificationEventSchema = z
	.object({ ...eventFields, payload: z.object({}).passthrough() })
	.passthrough()
	.transform((event) => event as IDataObject & NotificationEvent);

export interface NotificationEvent {
	id: string;
	event_type: string;
	payload: IDataObject;
	created_at: string;
	workflow_id?: string | null;
	is_read?: boolean | null;
}

export async function getNotificationEvent(call: CallContext, notificationId: string): Promise<IDataObject & NotificationEvent> {
	return await callService(call, {
		method: 'GET',
		path: `/notifications/${encodeURIComponent(notificationId)}`,
		endpoint: 'GET /api/v1/notifications/{notification_id}',
		idempotent: true,
		schema: notificationEventSchema,
		notFound: `Notification event "${notificationId}"`,
	});
}

export interface EventFilter {
	workflowId?: string;
	eventTypes?: string[];
	/** ISO 8601: only events created after it. */
	since?: string;
	unreadOnly?: boolean;
}

/** The service's largest page (documented: 1–100, default 50). */
export const EVENT_PAGE_MAX = 100;

const eventPageSchema = z
	.object({ events: z.array(notificationEventSchema), next_cursor: z.string().nullish() })
	.passthrough();

export interface EventPage {
	events: Array<IDataObject & NotificationEvent>;
	nextCursor?: string;
}

/** One page of the inbox, newest first; pass `nextCursor` back for the next one. */
export async function listNotificationEvents(call: CallContext, filter: EventFilter, limit: number, cursor?: string): Promise<EventPage> {
	const page = await callService(call, {
		method: 'GET',
		path: '/notifications',
		endpoint: 'GET /api/v1/notifications',
		query: {
			workflow_id: filter.workflowId,
			event_types: filter.eventTypes && filter.eventTypes.length > 0 ? filter.eventTypes.join(',') : undefined,
			since: filter.since,
			unread_only: filter.unreadOnly ? true : undefined,
			limit,
			cursor,
		},
		idempotent: true,
		schema: eventPageSchema,
		answerLimit: LIST_ANSWER,
	});
	return { events: page.events, nextCursor: page.next_cursor ?? undefined };
}

/** Exactly one way of choosing the events (the service refuses none or two). */
export type MarkReadRequest =
	| { notification_ids: string[] }
	| { before: string; workflow_id?: string }
	| { mark_all: true; workflow_id?: string };

const markedSchema = z
	.object({ marked_count: z.number().int().nonnegative() })
	.passthrough()
	.transform((answer) => answer as IDataObject & { marked_count: number });

export async function markNotificationsRead(call: CallContext, request: MarkReadRequest): Promise<IDataObject & { marked_count: number }> {
	return await callService(call, {
		method: 'POST',
		path: '/notifications/mark-read',
		endpoint: 'POST /api/v1/notifications/mark-read',
		json: request,
		// Marking read what is already read changes nothing.
		idempotent: true,
		schema: markedSchema,
	});
}

const unreadSchema = z
	.object({ unread_count: z.number().int().nonnegative() })
	.passthrough()
	.transform((answer) => answer as IDataObject & { unread_count: number });

/**
 * The client and the live reference name the path `/notifications/unread-count`, the draft docs
 * `/notifications/count`: the second is asked only when the first is not there (404, 405, or 422
 * when the service reads "unread-count" as an event id).
 */
export async function countUnreadNotifications(call: CallContext, workflowId?: string): Promise<IDataObject & { unread_count: number }> {
	const ask = async (path: string) =>
		await callService(call, {
			method: 'GET',
			path,
			endpoint: `GET /api/v1${path}`,
			query: { workflow_id: workflowId },
			idempotent: true,
			schema: unreadSchema,
		});
	try {
		return await ask('/notifications/unread-count');
	} catch (error) {
		if (!isStatus(error, ['404', '405', '422'])) throw asNodeError(call.node, error, call.itemIndex);
		try {
			return await ask('/notifications/count');
		} catch (fallbackError) {
			// Neither path exists: the first answer says more than the guess.
			throw asNodeError(call.node, isStatus(fallbackError, ['404', '405']) ? error : fallbackError, call.itemIndex);
		}
	}
}

function isStatus(error: unknown, statuses: string[]): boolean {
	return error instanceof NodeApiError && statuses.includes(error.httpCode ?? '');
}
