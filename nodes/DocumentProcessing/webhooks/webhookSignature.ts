// webhooks/ owns what the service sends to n8n's webhook URLs: the signature check (this file),
// the replay guard (replayGuard.ts), the event type names (eventTypes.ts), reading a webhook
// request (webhookRequest.ts) and parsing its body in the delivery formats (deliveryFormats.ts).
// It may import helpers/, zod and n8n-workflow; trigger/, jobs/pause/ and api/ use it.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures: `webhook-signature` holds space-separated `v1,<base64>` entries,
 * each an HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}`.
 */

export const SECRET_PREFIX = 'whsec_';
/** Deliveries older or newer than this are refused, so a captured request cannot be replayed later. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const SECRET_BYTES = 32;
const MAX_ID_LENGTH = 256;

/** A `whsec_` secret carries base64 key bytes after the prefix; any other secret is used as UTF-8. */
export function signingKey(secret: string): Buffer {
	return secret.startsWith(SECRET_PREFIX)
		? Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
		: Buffer.from(secret, 'utf8');
}

/** A fresh secret for one channel registration. */
export function generateSigningSecret(): string {
	return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

function digest(secret: string, id: string, timestamp: string, body: Buffer): Buffer {
	return createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The header value a sender would put on this delivery (used by tests and to document the scheme). */
export function signWebhook(secret: string, id: string, timestamp: number | string, body: Buffer | string): string {
	const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
	return `v1,${digest(secret, id, String(timestamp), bytes).toString('base64')}`;
}

export interface SignedDelivery {
	id: string | undefined;
	timestamp: string | undefined;
	signature: string | undefined;
	/** The body exactly as received: re-serialised JSON would not match the signature. */
	body: Buffer;
}

export type VerificationResult = { valid: true } | { valid: false; reason: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The v1 signatures of the header; other schemes are ignored, as the standard asks. */
function v1Signatures(header: string): Buffer[] | undefined {
	const entries = header.trim().split(/\s+/).filter(Boolean);
	const signatures: Buffer[] = [];
	for (const entry of entries) {
		const comma = entry.indexOf(',');
		if (comma <= 0) return undefined;
		if (entry.slice(0, comma) !== 'v1') continue;
		const value = entry.slice(comma + 1);
		if (!BASE64.test(value)) return undefined;
		signatures.push(Buffer.from(value, 'base64'));
	}
	return signatures;
}

export function verifyWebhookSignature(
	secret: string,
	delivery: SignedDelivery,
	now: number = Date.now(),
	toleranceSeconds: number = TIMESTAMP_TOLERANCE_SECONDS,
): VerificationResult {
	const { id, timestamp, signature, body } = delivery;
	if (!id || !timestamp || !signature) {
		return { valid: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature header' };
	}
	if (id.length > MAX_ID_LENGTH || /\s/.test(id)) return { valid: false, reason: 'malformed webhook-id header' };
	if (!/^\d{1,12}$/.test(timestamp)) return { valid: false, reason: 'malformed webhook-timestamp header' };
	const age = Math.floor(now / 1000) - Number(timestamp);
	if (age > toleranceSeconds) return { valid: false, reason: 'webhook-timestamp is too old' };
	if (age < -toleranceSeconds) return { valid: false, reason: 'webhook-timestamp is in the future' };
	const provided = v1Signatures(signature);
	if (provided === undefined) return { valid: false, reason: 'malformed webhook-signature header' };
	if (provided.length === 0) return { valid: false, reason: 'no v1 signature in webhook-signature header' };
	const expected = digest(secret, id, timestamp, body);
	// Every candidate is compared in constant time; a length mismatch says nothing about the key.
	let matched = false;
	for (const candidate of provided) {
		if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
	}
	return matched ? { valid: true } : { valid: false, reason: 'no signature matches' };
}
