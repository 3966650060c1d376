import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackUrl(url: URL): boolean {
	return LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.endsWith('.localhost');
}

/**
 * One POST without connection reuse (agent: false), so nothing stays open once the
 * delivery is over and close() leaves no sockets behind.
 */
export function postJson(url: URL, body: string, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<number> {
	const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
	return new Promise((resolve, reject) => {
		const req = send(
			url,
			{
				method: 'POST',
				agent: false,
				signal,
				timeout: timeoutMs,
				headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'document-processing-emulator', ...headers },
			},
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
				res.on('error', reject);
			},
		);
		req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
		req.on('error', reject);
		req.end(body);
	});
}
