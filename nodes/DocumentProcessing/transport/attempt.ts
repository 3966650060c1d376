import type { Dispatcher } from 'undici';
import { sleep } from '../async/sleep';
import { readAnswerBody } from './answerBody';
import { ERROR_BODY_BYTES, RECORD_ANSWER } from './answerLimits';
import { encodeMultipart } from './multipart';
import type { CallContext, ServiceRequest } from './request';

class HeadersTimeoutError extends Error {
	readonly code = 'HEADERS_TIMEOUT';

	constructor() {
		super('No response headers in time');
	}
}

export interface Answer {
	status: number;
	headers: Dispatcher.ResponseData['headers'];
	text: string;
}

/**
 * One attempt of a service call: the request with the key, an exact headers timeout, the answer
 * read up to its bound (answerLimits.ts): a success's past it fails, an error body is cut there.
 */
export async function send(
	call: CallContext,
	request: ServiceRequest<unknown>,
	url: URL,
	dispatcher: Dispatcher,
	timeout: number,
): Promise<Answer> {
	const headers: Record<string, string> = {
		accept: 'application/json',
		'service-api-key': call.connection.apiKey,
	};
	let body: Dispatcher.DispatchOptions['body'];
	if (request.multipart) {
		const encoded = await encodeMultipart(request.multipart);
		Object.assign(headers, encoded.headers);
		body = encoded.stream;
	} else if (request.json !== undefined) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(request.json);
	}
	// undici's own header timer ticks coarsely; this one is exact and is stopped once headers arrive.
	const controller = new AbortController();
	const headersWait = new AbortController();
	void sleep(timeout, headersWait.signal).then(
		() => controller.abort(new HeadersTimeoutError()),
		() => undefined,
	);
	const cancel = () => controller.abort(call.signal?.reason);
	call.signal?.addEventListener('abort', cancel, { once: true });
	try {
		const response = await dispatcher.request({
			origin: url.origin,
			path: `${url.pathname}${url.search}`,
			method: request.method,
			headers,
			body,
			headersTimeout: 0,
			bodyTimeout: timeout,
			signal: controller.signal,
		});
		headersWait.abort();
		const ok = response.statusCode >= 200 && response.statusCode < 300;
		const reading = ok
			? { maxBytes: (request.answerLimit ?? RECORD_ANSWER).maxBytes, overLimit: 'fail' as const }
			: { maxBytes: ERROR_BODY_BYTES, overLimit: 'cut' as const };
		return { status: response.statusCode, headers: response.headers, text: await readAnswerBody(response.body, response.headers, reading) };
	} catch (error) {
		throw controller.signal.reason instanceof HeadersTimeoutError ? controller.signal.reason : error;
	} finally {
		headersWait.abort();
		call.signal?.removeEventListener('abort', cancel);
	}
}
