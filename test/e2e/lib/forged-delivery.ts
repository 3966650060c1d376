import { randomUUID } from 'node:crypto';

/** Posts a body with well-formed Standard Webhooks headers whose signature no channel secret made. */
export async function postForgedDelivery(url: string, body: string): Promise<Response> {
	return await fetch(url, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'webhook-id': randomUUID(),
			'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
			'webhook-signature': `v1,${Buffer.alloc(32, 1).toString('base64')}`,
		},
		body,
	});
}
