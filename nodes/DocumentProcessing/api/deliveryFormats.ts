import { z } from 'zod';

/**
 * The service does not document the body of a webhook delivery. These are the formats it might
 * plausibly use; the trigger reads the event type and the job id from any of them.
 * - `event`: the notification event object, as `GET /notifications/{id}` returns it.
 * - `type_data`: `{type, data}`, the Standard Webhooks convention; `data` is the event payload
 *   (or the job itself).
 * - `type_job`: `{type, job}` with the job record.
 * - `envelope`: `{data: {...}}` wrapping any of the above.
 * - `unknown`: none of these (the trigger may still find the event by its id).
 */
export type DeliveryFormat = 'event' | 'type_data' | 'type_job' | 'envelope' | 'unknown';

/** What a delivery says about its event; each field is absent when the body does not say it. */
export interface DeliveryFacts {
	format: DeliveryFormat;
	eventId?: string;
	eventType?: string;
	jobId?: string;
	status?: string;
	workflowId?: string | null;
	createdAt?: string;
}

const text = z.string().min(1);
const optionalText = text.optional().catch(undefined);

/** Job facts as they appear in a payload, in `data` or in a job record. */
const jobFacts = z
	.object({
		job_id: optionalText,
		id: optionalText,
		status: optionalText,
		workflow_id: text.nullish().catch(undefined),
		created_at: optionalText,
		job: z.object({ id: optionalText, status: optionalText }).passthrough().optional().catch(undefined),
	})
	.passthrough();
type JobFacts = z.infer<typeof jobFacts>;

const eventFormat = z
	.object({
		id: optionalText,
		event_type: text,
		payload: jobFacts,
		created_at: optionalText,
		workflow_id: text.nullish().catch(undefined),
	})
	.passthrough();

const typeDataFormat = z.object({ id: optionalText, type: text, timestamp: optionalText, data: jobFacts }).passthrough();
const typeJobFormat = z.object({ id: optionalText, type: text, timestamp: optionalText, job: jobFacts }).passthrough();
const envelopeFormat = z.object({ data: z.object({}).passthrough() }).passthrough();
/** The least a body can say: an event id and perhaps a type. */
const namedEvent = z.object({ id: optionalText, event_type: optionalText, type: optionalText }).passthrough();

/** The job id in a payload: `job_id`, a nested `job.id`, or `id` when the object is the job itself. */
function jobIdIn(facts: JobFacts, isJobRecord: boolean): string | undefined {
	// An object with an event's fields is not a job: its `id` is the event's.
	const looksLikeEvent = 'event_type' in facts || 'payload' in facts;
	return facts.job_id ?? facts.job?.id ?? (isJobRecord && !looksLikeEvent ? facts.id : undefined);
}

function definedOnly(facts: DeliveryFacts): DeliveryFacts {
	return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as unknown as DeliveryFacts;
}

function readFormats(body: unknown, depth: number): DeliveryFacts {
	const event = eventFormat.safeParse(body);
	if (event.success) {
		const { payload } = event.data;
		return definedOnly({
			format: 'event',
			eventId: event.data.id,
			eventType: event.data.event_type,
			jobId: jobIdIn(payload, false),
			status: payload.status ?? payload.job?.status,
			workflowId: event.data.workflow_id ?? null,
			createdAt: event.data.created_at,
		});
	}
	const typeData = typeDataFormat.safeParse(body);
	if (typeData.success) {
		const { data } = typeData.data;
		return definedOnly({
			format: 'type_data',
			eventId: typeData.data.id,
			eventType: typeData.data.type,
			// `data` is either the event payload (`job_id`) or the job record itself (`id`).
			jobId: jobIdIn(data, true),
			status: data.status ?? data.job?.status,
			workflowId: data.workflow_id,
			createdAt: typeData.data.timestamp ?? data.created_at,
		});
	}
	const typeJob = typeJobFormat.safeParse(body);
	if (typeJob.success) {
		const { job } = typeJob.data;
		return definedOnly({
			format: 'type_job',
			eventId: typeJob.data.id,
			eventType: typeJob.data.type,
			jobId: jobIdIn(job, true),
			status: job.status,
			workflowId: job.workflow_id,
			createdAt: typeJob.data.timestamp,
		});
	}
	const envelope = envelopeFormat.safeParse(body);
	if (envelope.success && depth === 0) {
		const inner = readFormats(envelope.data.data, depth + 1);
		if (inner.format !== 'unknown') return { ...inner, format: 'envelope' };
	}
	const named = namedEvent.safeParse(body);
	if (!named.success) return { format: 'unknown' };
	return definedOnly({ format: 'unknown', eventId: named.data.id, eventType: named.data.event_type ?? named.data.type });
}

/** Reads the event type, job id and the rest from a delivery body of any of the known formats. */
export function readDeliveryFacts(body: unknown): DeliveryFacts {
	return readFormats(body, 0);
}
