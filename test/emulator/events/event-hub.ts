import { randomUUID } from 'node:crypto';
import type { EventType, NotificationEvent, StoredChannel } from '../channels/channel-types';
import type { Job, JobStatus } from '../jobs/job-types';
import type { EmulatorStore } from '../state';
import type { WebhookDispatcher } from './webhook-dispatcher';

const EVENT_FOR_STATUS: Record<JobStatus, EventType> = {
	SCHEDULED: 'job.scheduled',
	IN_PROGRESS: 'job.in_progress',
	COMPLETED: 'job.completed',
	FAILED: 'job.failed',
	STOPPED: 'job.stopped',
};

function channelWants(channel: StoredChannel, event: NotificationEvent, job: Job): boolean {
	if (!channel.enabled || !channel.event_types.includes(event.event_type)) return false;
	return channel.workflow_id === null || channel.workflow_id === job.workflow_id;
}

/** Records one notification event per job state change and fans it out to the channels that want it. */
export class EventHub {
	constructor(
		private readonly store: EmulatorStore,
		private readonly webhooks: WebhookDispatcher,
	) {}

	jobStatusChanged(job: Job): NotificationEvent {
		const event: NotificationEvent = {
			id: randomUUID(),
			event_type: EVENT_FOR_STATUS[job.status],
			payload: { job_id: job.id, status: job.status, workflow_id: job.workflow_id },
			created_at: new Date().toISOString(),
			// On-demand jobs are workspace-level: their workflow is ephemeral.
			workflow_id: job.kind === 'workflow_run' ? job.workflow_id : null,
			is_read: false,
		};
		this.store.events.set(event.id, event);
		for (const channel of this.store.channels.values()) {
			if (!channelWants(channel, event, job)) continue;
			if (channel.channel_type === 'webhook') this.webhooks.dispatch(channel, event);
			else if (channel.recipient_email !== undefined) {
				this.store.outbox.push({
					channel_id: channel.id,
					recipient_email: channel.recipient_email,
					kind: 'event',
					event_id: event.id,
					event_type: event.event_type,
					sent_at: new Date().toISOString(),
				});
			}
		}
		return event;
	}
}
