import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { header, ignore, rawBodyOf, refuse, signedDelivery } from '../webhooks/webhookRequest';
import { claimDelivery, releaseDelivery } from '../webhooks/replayGuard';
import { verifyWebhookSignature } from '../webhooks/webhookSignature';
import { eventItems } from './enrich';
import { readRegistrations, type Registration } from './registrations';
import { parseBody, resolveEvent, UNKNOWN_EVENT_TYPE } from './resolveEvent';
import { triggerSettings } from './settings';
import { asNodeError } from '../helpers/nodeErrors';

/** The registration whose secret signed this delivery (the one for the current mode is tried first). */
function signedBy(ctx: IWebhookFunctions, registrations: Registration[], body: Buffer): Registration | undefined | string {
	const delivery = signedDelivery(ctx, body);
	const test = ctx.getMode() === 'manual';
	const ordered = [...registrations].sort((a, b) => Number(b.test === test) - Number(a.test === test));
	let reason = 'no channel is registered for this trigger; activate the workflow again';
	for (const registration of ordered) {
		const result = verifyWebhookSignature(registration.secret, delivery);
		if (result.valid) return registration;
		reason = result.reason;
	}
	return reason;
}

/** The body as the output carries it: the parsed JSON, or the text when it is not JSON. */
function rawPayload(payload: unknown, body: Buffer): IDataObject | string {
	return payload === undefined ? body.toString('utf8') : (payload as IDataObject);
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = triggerSettings(this);
	const registrations = readRegistrations(this.getWorkflowStaticData('node'));
	const body = await rawBodyOf(this);

	let registration: Registration | undefined;
	if (settings.verifySignatures) {
		const verdict = signedBy(this, registrations, body);
		if (typeof verdict === 'string') return refuse(this, 401, `Invalid webhook signature: ${verdict}`);
		registration = verdict;
	} else {
		const test = this.getMode() === 'manual';
		registration = registrations.find((entry) => entry.test === test) ?? registrations[0];
	}

	// Past the signature check nothing is refused: the body's format is not documented.
	const payload = parseBody(body);
	const headerId = header(this, 'webhook-id');
	const channel = registration?.channelId ?? `node:${this.getNode().id}`;
	// Claimed by its webhook-id before the event is resolved: a retried or replayed empty-body
	// delivery would otherwise cost a GET /notifications/{id} each time before being recognised.
	if (headerId !== undefined && !claimDelivery(channel, headerId)) return ignore(`delivery ${headerId} was already received`);
	let claimed = headerId ?? null;
	try {
		const event = await resolveEvent(this, payload, headerId);
		if (claimed === null && event.event_id !== null) {
			if (!claimDelivery(channel, event.event_id)) return ignore(`delivery ${event.event_id} was already received`);
			claimed = event.event_id;
		}
		if (event.event_type !== UNKNOWN_EVENT_TYPE && !settings.events.some((type) => type === event.event_type)) {
			return ignore(`event type ${event.event_type} is not one this trigger listens to`);
		}
		const items = await eventItems(this, settings, event, rawPayload(payload, body));
		return { workflowData: [items] };
	} catch (error) {
		// The service retries a delivery that failed, and that retry must be able to run.
		if (claimed !== null) releaseDelivery(channel, claimed);
		throw asNodeError(this.getNode(), error);
	}
}
