import type { INodePropertyOptions } from 'n8n-workflow';

/** The job events of the service, in the order a job lives through them. */
export const EVENT_TYPES = ['job.scheduled', 'job.in_progress', 'job.completed', 'job.stopped', 'job.failed'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
	return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/** Multi-select options shared by the channel operations and the trigger. */
export const EVENT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Job Completed', value: 'job.completed', description: 'The job finished processing; its outputs can be downloaded' },
	{ name: 'Job Failed', value: 'job.failed', description: 'The job failed to initialize without processing any files' },
	{ name: 'Job In Progress', value: 'job.in_progress', description: 'The job has started' },
	{ name: 'Job Scheduled', value: 'job.scheduled', description: 'The job was queued to run' },
	{ name: 'Job Stopped', value: 'job.stopped', description: 'The job has stopped' },
];
