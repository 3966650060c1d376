import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import { callService, type CallContext } from '../transport';

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
