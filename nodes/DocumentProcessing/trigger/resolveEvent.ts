import type { IWebhookFunctions } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { readDeliveryFacts, type DeliveryFacts } from '../webhooks/deliveryFormats';
import { getNotificationEvent } from '../api/notifications';
import { unusableIdReason } from '../checks/opaqueId';

/** The event a delivery stands for, as the trigger's output reports it; null where nothing says. */
export interface TriggerEvent {
	event_id: string | null;
	/** `unknown` when neither the body nor the service said which event this is. */
	event_type: string;
	job_id: string | null;
	status: string | null;
	workflow_id: string | null;
	created_at: string | null;
	/** Why the event could not be read by its id, when that was tried and failed. */
	lookup_error?: string;
	/** Ids of the delivery that were not used in any request, and why (e.g. a `job_id` of `..`). */
	ignored_ids?: string[];
}

export const UNKNOWN_EVENT_TYPE = 'unknown';

export { parseJsonBody as parseBody } from '../webhooks/webhookRequest';

function fromFacts(facts: DeliveryFacts, headerId: string | undefined): TriggerEvent {
	return {
		event_id: facts.eventId ?? headerId ?? null,
		event_type: facts.eventType ?? UNKNOWN_EVENT_TYPE,
		job_id: facts.jobId ?? null,
		status: facts.status ?? null,
		workflow_id: facts.workflowId ?? null,
		created_at: facts.createdAt ?? null,
	};
}

/**
 * Finds the event type and job id in the body; when the body lacks them but names an event (its
 * `id`, or the `webhook-id` header), reads that event from the service. A delivery nothing can
 * be learned about still yields an event, of type `unknown`, so it is never dropped.
 */
export async function resolveEvent(ctx: IWebhookFunctions, body: unknown, headerId: string | undefined): Promise<TriggerEvent> {
	const ignored: string[] = [];
	// An id that is a path segment (`.`, `..`) or leaves one (`/`, `?`, `#`) goes into no request path.
	const usable = (name: string, id: string | undefined): string | undefined => {
		const reason = id === undefined ? undefined : unusableIdReason(id);
		if (reason === undefined) return id;
		ignored.push(`${name} "${(id ?? '').slice(0, 60)}" was ignored: ${reason}`);
		return undefined;
	};
	const raw = readDeliveryFacts(body);
	const facts = { ...raw, jobId: usable('job_id', raw.jobId) };
	const candidates = [...new Set([usable('id', raw.eventId), usable('webhook-id', headerId)].filter((id): id is string => id !== undefined))];
	const event = await lookedUp(ctx, fromFacts(facts, headerId), facts, candidates, usable);
	return ignored.length > 0 ? { ...event, ignored_ids: ignored } : event;
}

async function lookedUp(
	ctx: IWebhookFunctions,
	found: TriggerEvent,
	facts: DeliveryFacts,
	candidates: string[],
	usable: (name: string, id: string | undefined) => string | undefined,
): Promise<TriggerEvent> {
	if ((facts.eventType !== undefined && facts.jobId !== undefined) || candidates.length === 0) return found;
	const call = { ...(await serviceCallContext(ctx)), retry: { maxAttempts: 2 } };
	const problems: string[] = [];
	for (const id of candidates) {
		try {
			const event = await getNotificationEvent(call, id);
			const read = readDeliveryFacts(event);
			return {
				event_id: event.id,
				event_type: event.event_type,
				job_id: usable("the event's job_id", read.jobId) ?? found.job_id,
				status: read.status ?? found.status,
				workflow_id: event.workflow_id ?? null,
				created_at: event.created_at,
			};
		} catch (error) {
			problems.push(error instanceof Error ? error.message : String(error));
		}
	}
	return { ...found, lookup_error: problems.join('; ') };
}
