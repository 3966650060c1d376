import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { claimDelivery, releaseDelivery } from '../helpers/replayGuard';
import { verifyWebhookSignature } from '../helpers/webhookSignature';
import { eventItems } from './enrich';
import { readRegistrations, type Registration } from './registrations';
import { parseBody, resolveEvent, UNKNOWN_EVENT_TYPE } from './resolveEvent';
import { triggerSettings } from './settings';
import { asNodeError } from '../helpers/nodeErrors';

/** The parts of n8n's express request a delivery needs; n8n fills `rawBody` before the node runs. */
interface DeliveryRequest {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer> {
	const req = ctx.getRequestObject() as unknown as DeliveryRequest;
	if (!Buffer.isBuffer(req.rawBody) && typeof req.readRawBody === 'function') await req.readRawBody();
	return Buffer.isBuffer(req.rawBody) ? req.rawBody : Buffer.alloc(0);
}

function header(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = ctx.getHeaderData()[name];
	return Array.isArray(value) ? value[0] : value;
}

/** Answers the request itself (n8n sends nothing more) and starts no run. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** 200 so the service does not retry, and no run. */
function ignore(reason: string): IWebhookResponseData {
	return { webhookResponse: { received: true, ignored: reason } };
}

/** The registration whose secret signed this delivery (the one for the current mode is tried first). */
function signedBy(ctx: IWebhookFunctions, registrations: Registration[], body: Buffer): Registration | undefined | string {
	const delivery = {
		id: header(ctx, 'webhook-id'),
		timestamp: header(ctx, 'webhook-timestamp'),
		signature: header(ctx, 'webhook-signature'),
		body,
	};
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
	const event = await resolveEvent(this, payload, headerId);
	if (event.event_type !== UNKNOWN_EVENT_TYPE && !settings.events.some((type) => type === event.event_type)) {
		return ignore(`event type ${event.event_type} is not one this trigger listens to`);
	}

	const channel = registration?.channelId ?? `node:${this.getNode().id}`;
	const deliveryId = headerId ?? event.event_id;
	if (deliveryId !== null && !claimDelivery(channel, deliveryId)) return ignore(`delivery ${deliveryId} was already received`);

	let items: INodeExecutionData[];
	try {
		items = await eventItems(this, settings, event, rawPayload(payload, body));
	} catch (error) {
		// The service retries a delivery that failed, and that retry must be able to run.
		if (deliveryId !== null) releaseDelivery(channel, deliveryId);
		throw asNodeError(this.getNode(), error);
	}
	return { workflowData: [items] };
}
