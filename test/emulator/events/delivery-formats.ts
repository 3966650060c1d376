import { randomUUID } from 'node:crypto';
import type { NotificationEvent } from '../channels/channel-types';

/**
 * The body of a webhook delivery is not documented, so the emulator can send each plausible
 * format (config `webhook_delivery_format`); the trigger must cope with all of them.
 * - `event`: the notification event object, as `GET /notifications/{id}` returns it (default).
 * - `type_data`: Standard Webhooks style `{type, timestamp, data}`, `data` holding the payload.
 * - `type_job`: `{type, timestamp, job}` with the job's id, status and workflow.
 * - `envelope`: `{data: <event object>}`.
 * - `id_only`: `{id}` naming the event, to be read with `GET /notifications/{id}`.
 * - `empty`: `{}`; only the `webhook-id` header (the event id) names the event.
 * - `opaque`: a body none of the above describes, and a `webhook-id` that is a message id,
 *   not an event id, so nothing can be looked up.
 * - `documented`: what the service's published material shows: `{type, job: {job_id,
 *   workflow_id}, processing_time_ms}` with a `msg_…` message id as `webhook-id`.
 */
export const DELIVERY_FORMATS = ['event', 'type_data', 'type_job', 'envelope', 'id_only', 'empty', 'opaque', 'documented'] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];

export interface DeliveryMessage {
	/** The `webhook-id` header. */
	webhookId: string;
	body: string;
}

/** Milliseconds from the event's creation to its delivery (the job's own runtime is not in the event). */
function processingMs(event: NotificationEvent): number {
	const at = Date.parse(event.created_at);
	return Number.isFinite(at) ? Math.max(0, Date.now() - at) : 0;
}

export function deliveryMessage(event: NotificationEvent, format: DeliveryFormat): DeliveryMessage {
	const { job_id: jobId, status, workflow_id: workflowId } = event.payload;
	const type = { type: event.event_type, timestamp: event.created_at };
	const bodies: Record<DeliveryFormat, unknown> = {
		event,
		type_data: { ...type, data: event.payload },
		type_job: { ...type, job: { id: jobId, status, workflow_id: workflowId } },
		envelope: { data: event },
		id_only: { id: event.id },
		empty: {},
		opaque: { notice: `Something happened to ${jobId.slice(0, 8)}`, level: 'info' },
		documented: { type: event.event_type, job: { job_id: jobId, workflow_id: workflowId }, processing_time_ms: processingMs(event) },
	};
	const messageId = format === 'opaque' || format === 'documented';
	return { webhookId: messageId ? `msg_${randomUUID().replace(/-/g, '')}` : event.id, body: JSON.stringify(bodies[format]) };
}
