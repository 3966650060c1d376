import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import type { SignedDelivery } from './webhookSignature';

/**
 * Reading a signed delivery from n8n's webhook request; shared by the trigger and by the action
 * node's resume webhook (pause mode).
 */

/** The parts of n8n's express request a delivery needs; n8n fills `rawBody` before the node runs. */
interface DeliveryRequest {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

export async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer> {
	const req = ctx.getRequestObject() as unknown as DeliveryRequest;
	if (!Buffer.isBuffer(req.rawBody) && typeof req.readRawBody === 'function') await req.readRawBody();
	return Buffer.isBuffer(req.rawBody) ? req.rawBody : Buffer.alloc(0);
}

export function header(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = ctx.getHeaderData()[name];
	return Array.isArray(value) ? value[0] : value;
}

/** The Standard Webhooks headers and the raw body, as the signature check takes them. */
export function signedDelivery(ctx: IWebhookFunctions, body: Buffer): SignedDelivery {
	return {
		id: header(ctx, 'webhook-id'),
		timestamp: header(ctx, 'webhook-timestamp'),
		signature: header(ctx, 'webhook-signature'),
		body,
	};
}

/** The delivery's body as JSON, or undefined when it is not JSON. */
export function parseJsonBody(rawBody: Buffer): unknown {
	try {
		return JSON.parse(rawBody.toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

/** Answers the request itself (n8n sends nothing more) and starts or resumes nothing. */
export function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** 200 so the service does not retry, and nothing starts or resumes. */
export function ignore(reason: string): IWebhookResponseData {
	return { webhookResponse: { received: true, ignored: reason } };
}
