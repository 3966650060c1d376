import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import { callService, type CallContext } from '../transport';

/** The event data; the spec promises at least the job id and status. */
const eventPayloadSchema = z.object({ job_id: z.string().min(1), status: z.string().min(1) }).passthrough();

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

/**
 * A webhook delivery's body: the notification event. Stricter than a read event because a run
 * is started from it, so the job id and status the output promises must be there.
 */
export const webhookEventSchema = z.object({ ...eventFields, payload: eventPayloadSchema }).passthrough();

export type WebhookEvent = z.infer<typeof webhookEventSchema>;

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

export type DeliveryParse =
	| { ok: true; event: WebhookEvent; body: IDataObject }
	| { ok: false; problem: string };

/** Checks a delivery's raw body: JSON, and shaped like a notification event. */
export function parseDelivery(rawBody: Buffer): DeliveryParse {
	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8')) as unknown;
	} catch {
		return { ok: false, problem: 'the body is not JSON' };
	}
	const checked = webhookEventSchema.safeParse(body);
	if (!checked.success) {
		const problem = checked.error.issues
			.slice(0, 3)
			.map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
			.join('; ');
		return { ok: false, problem };
	}
	return { ok: true, event: checked.data, body: body as IDataObject };
}
