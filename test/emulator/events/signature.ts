import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing key: a `whsec_` secret carries base64 key bytes after the
 * prefix; any other secret is used as its UTF-8 bytes.
 */
export function signingKey(secret: string): Buffer {
	return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
	const digest = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
	return `v1,${digest}`;
}
