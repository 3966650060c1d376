import { randomUUID } from 'node:crypto';
import type { EventType, NotificationEvent } from '../channels/channel-types';
import type { EmulatorStore } from '../state';

export interface SeedOptions {
	workflowId?: string | null;
	eventType?: EventType;
	/** Time of the oldest event; each next one is a second later. */
	from?: Date;
	isRead?: boolean;
}

/** Puts `count` events into the store directly (a job makes only three or four), oldest first. */
export function seedEvents(store: EmulatorStore, count: number, options: SeedOptions = {}): NotificationEvent[] {
	const from = (options.from ?? new Date('2025-05-01T00:00:00.000Z')).getTime();
	const events: NotificationEvent[] = [];
	for (let i = 0; i < count; i++) {
		const jobId = randomUUID();
		const workflowId = options.workflowId === undefined ? null : options.workflowId;
		const event: NotificationEvent = {
			id: randomUUID(),
			event_type: options.eventType ?? 'job.completed',
			payload: { job_id: jobId, status: 'COMPLETED', workflow_id: workflowId ?? randomUUID() },
			created_at: new Date(from + i * 1000).toISOString(),
			workflow_id: workflowId,
			is_read: options.isRead ?? false,
		};
		store.events.set(event.id, event);
		events.push(event);
	}
	return events;
}
