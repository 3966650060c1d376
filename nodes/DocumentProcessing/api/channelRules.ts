import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../transport';

/**
 * The service's rules for webhook channels, checked before any request so a user learns them
 * from n8n rather than from a refusal (and the trigger before activation fails half-way). Every
 * channel create and update goes through `checkWebhookChannel`.
 */

export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 75;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const PUBLIC_HTTPS_ADVICE =
	'The service delivers events over HTTPS only. For a trigger, n8n builds the address from its WEBHOOK_URL setting: set WEBHOOK_URL to a public https:// address (n8n behind a reverse proxy with a certificate, or a tunnel such as cloudflared or ngrok) and restart n8n. For a channel you create yourself, enter an https:// address.';

function urlProblem(call: CallContext, url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `The webhook address "${url}" is not a valid URL`;
	}
	if (parsed.protocol === 'https:') return undefined;
	const loopback = parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
	if (loopback && call.connection.allowHttpWebhooksOnLoopback === true) return undefined;
	return `The service requires an HTTPS webhook address; "${parsed.origin}${parsed.pathname}" is not HTTPS`;
}

/** A signing secret's length in bytes, as the service counts it, and whether the service takes it. */
export function signingSecretLength(secret: string): { bytes: number; fits: boolean } {
	const bytes = Buffer.byteLength(secret, 'utf8');
	return { bytes, fits: bytes >= MIN_SECRET_BYTES && bytes <= MAX_SECRET_BYTES };
}

/** Refuses an http(s) address or a signing secret the service would refuse; never shows the secret. */
export function checkWebhookChannel(call: CallContext, fields: { url?: string; secret?: string }): void {
	if (fields.url !== undefined) {
		const problem = urlProblem(call, fields.url);
		if (problem) throw new NodeOperationError(call.node, problem, { itemIndex: call.itemIndex, description: PUBLIC_HTTPS_ADVICE });
	}
	if (fields.secret !== undefined && fields.secret !== '') {
		const { bytes, fits } = signingSecretLength(fields.secret);
		if (!fits) {
			throw new NodeOperationError(call.node, `The Signing Secret is ${bytes} bytes long; the service takes ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES}`, {
				itemIndex: call.itemIndex,
				description: `Use a secret of ${MIN_SECRET_BYTES}–${MAX_SECRET_BYTES} ASCII characters, e.g. "whsec_" followed by 32 random bytes in base64 (50 characters), or set Signing Secret Input to Chosen by the Service.`,
			});
		}
	}
}
