export const EVENT_TYPES = ['job.scheduled', 'job.in_progress', 'job.completed', 'job.stopped', 'job.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface StoredChannel {
	id: string;
	channel_type: 'webhook' | 'email';
	event_types: EventType[];
	enabled: boolean;
	description?: string;
	url?: string;
	/** Signing secret of a webhook channel; returned only in the create response. */
	secret?: string;
	recipient_email?: string;
	verified: boolean;
	verification_code?: string;
	/** null for workspace-scoped channels. */
	workflow_id: string | null;
	created_at: Date;
	updated_at: Date;
}

export interface NotificationEvent {
	id: string;
	event_type: EventType;
	payload: { job_id: string; status: string; workflow_id: string };
	created_at: string;
	workflow_id: string | null;
	is_read: boolean;
}

export interface OutboxMessage {
	channel_id: string;
	recipient_email: string;
	kind: 'verification' | 'event';
	/** Six-digit verification code (verification messages only). */
	code?: string;
	event_id?: string;
	event_type?: EventType;
	sent_at: string;
}

export interface DeliveryAttempt {
	url: string;
	channel_id: string;
	/** The `webhook-id` header: the event id, except in the `opaque` delivery format. */
	webhook_id: string;
	event_id: string;
	event_type: EventType;
	attempt: number;
	status_code?: number;
	error?: string;
	at: string;
}
