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

type Facts = Omit<DeliveryFacts, 'format'>;

/** Job id, status and workflow from a payload, from `data` or from a job record. */
function jobPart(facts: JobFacts, isJobRecord: boolean): Facts {
	// An object with an event's fields is not a job: its `id` is the event's.
	const looksLikeEvent = 'event_type' in facts || 'payload' in facts;
	return {
		jobId: facts.job_id ?? facts.job?.id ?? (isJobRecord && !looksLikeEvent ? facts.id : undefined),
		status: facts.status ?? facts.job?.status,
		workflowId: facts.workflow_id,
	};
}

/** One known format: the schema that recognises it and where its facts are. */
function known<T>(format: DeliveryFormat, schema: z.ZodType<T, z.ZodTypeDef, unknown>, read: (body: T) => Facts) {
	return (body: unknown): DeliveryFacts | undefined => {
		const parsed = schema.safeParse(body);
		return parsed.success ? { format, ...read(parsed.data) } : undefined;
	};
}

/** Tried in order; `data` is the payload (`job_id`) or the job record itself (`id`). */
const KNOWN_FORMATS = [
	known('event', eventFormat, (body) => ({
		...jobPart(body.payload, false),
		eventId: body.id,
		eventType: body.event_type,
		workflowId: body.workflow_id ?? null,
		createdAt: body.created_at,
	})),
	known('type_data', typeDataFormat, (body) => ({
		...jobPart(body.data, true),
		eventId: body.id,
		eventType: body.type,
		createdAt: body.timestamp ?? body.data.created_at,
	})),
	known('type_job', typeJobFormat, (body) => ({ ...jobPart(body.job, true), eventId: body.id, eventType: body.type, createdAt: body.timestamp })),
];

function definedOnly(facts: DeliveryFacts): DeliveryFacts {
	return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as unknown as DeliveryFacts;
}

function readFormats(body: unknown, depth: number): DeliveryFacts {
	for (const read of KNOWN_FORMATS) {
		const facts = read(body);
		if (facts) return definedOnly(facts);
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
