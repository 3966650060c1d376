/**
 * Jest setup file of every project: each `fetch` a test makes opens its own connection. A pooled
 * keep-alive socket that the server closed while idle (n8n and the emulator close theirs after
 * 5 s) fails the next request with "other side closed" or ECONNRESET when a loaded machine runs the
 * client late; a fresh loopback connection costs well under a millisecond. The package's own HTTP
 * goes through undici agents of its own and is not affected.
 */
const pooledFetch = globalThis.fetch;

globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
	const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
	if (!headers.has('connection')) headers.set('connection', 'close');
	return pooledFetch(input, { ...init, headers });
};
