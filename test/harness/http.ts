/**
 * The request/response objects a webhook node sees. n8n hands nodes an express request
 * that its middlewares have prepared (rawBodyReader + bodyParser in packages/cli): headers,
 * `rawBody` (Buffer), `contentType`/`encoding` from the Content-Type header, and `body`
 * parsed by content type. The harness builds a real `http.IncomingMessage` (over an
 * unconnected socket: no handle, nothing to close) and applies the same parsing rules.
 */
import { EventEmitter } from 'node:events';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import type { IHttpRequestMethods } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

export type HarnessQuery = Record<string, string | string[] | undefined>;

/** The express-like request given to the node (also an IncomingMessage stream of the raw body). */
export interface HarnessRequest extends IncomingMessage {
	body: unknown;
	query: HarnessQuery;
	params: Record<string, string>;
	path: string;
	originalUrl: string;
	hostname: string;
	protocol: string;
	ip: string;
	get(name: string): string | undefined;
	header(name: string): string | undefined;
}

export interface BuildRequestOptions {
	method: IHttpRequestMethods;
	url: string;
	headers: Record<string, string>;
	rawBody: Buffer;
	query?: HarnessQuery;
	params?: Record<string, string>;
}

/** Thrown when the body does not parse for its content type (n8n answers 422 without calling the node). */
export class BodyParseError extends Error {}

/** Content-Type parsing as in @n8n/backend-network's parseIncomingMessage. */
function parseContentType(header: string | undefined): { type: string; charset: string } | null {
	if (!header) return null;
	const [type, ...parameters] = header.split(';');
	let charset = 'utf-8';
	for (const parameter of parameters) {
		const eq = parameter.indexOf('=');
		if (eq === -1) continue;
		if (parameter.slice(0, eq).trim().toLowerCase() === 'charset') {
			charset = parameter
				.slice(eq + 1)
				.trim()
				.replace(/^"(.*)"$/, '$1');
		}
	}
	return { type: type.trim().toLowerCase(), charset: charset.toLowerCase() };
}

export function buildRequest(opts: BuildRequestOptions): HarnessRequest {
	const url = new URL(opts.url);
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(opts.headers)) headers[name.toLowerCase()] = value;
	headers['content-length'] ??= String(opts.rawBody.length);
	headers.host ??= url.host;

	// The extra express-like fields are assigned right below; the cast covers that gap.
	const req = new IncomingMessage(new Socket()) as HarnessRequest;
	req.method = opts.method;
	req.url = `${url.pathname}${url.search}`;
	req.headers = headers;
	req.rawHeaders = Object.entries(headers).flat();
	req.push(opts.rawBody);
	req.push(null);

	const contentType = parseContentType(headers['content-type']);
	if (contentType) {
		req.contentType = contentType.type;
		req.encoding = contentType.charset as BufferEncoding;
	}
	req.rawBody = opts.rawBody;
	req._body = true;
	req.readRawBody = async () => {};
	req.query = opts.query ?? parseQueryString(url.search.replace(/^\?/, ''));
	req.params = opts.params ?? {};
	req.path = url.pathname;
	req.originalUrl = req.url;
	req.hostname = url.hostname;
	req.protocol = url.protocol.replace(/:$/, '');
	req.ip = '127.0.0.1';
	req.get = (name: string) => headers[name.toLowerCase()];
	req.header = req.get;
	req.body = parseBody(req);
	return req;
}

/** n8n's parseBody rules (json, urlencoded, text/plain); anything else leaves `{}` as bodyParser does. */
function parseBody(req: HarnessRequest): unknown {
	const { rawBody, contentType } = req;
	if (!rawBody?.length || !contentType) return {};
	const text = rawBody.toString(req.encoding ?? 'utf-8');
	try {
		if (contentType === 'application/json') return jsonParse<unknown>(text);
		if (contentType === 'application/x-www-form-urlencoded') {
			return parseQueryString(text, undefined, undefined, { maxKeys: 1000 });
		}
		if (contentType === 'text/plain') return text;
	} catch (error) {
		throw new BodyParseError(
			`Failed to parse request body: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	// XML and multipart are parsed by n8n with xml2js / multer; not reproduced here.
	return {};
}

/** A stand-in for the express response: records what the node sends. */
export class HarnessResponse extends EventEmitter {
	statusCode = 200;
	statusMessage = '';
	/** Response headers, lower-cased names. */
	readonly headers: Record<string, string | number | string[]> = {};
	/** What was sent: the object given to json(), the value given to send(), or the written bytes. */
	body: unknown = undefined;
	headersSent = false;
	finished = false;
	private readonly chunks: Buffer[] = [];

	/** True once the node has answered (status set and/or something sent). */
	get responded(): boolean {
		return this.headersSent || this.finished;
	}

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	sendStatus(code: number): this {
		return this.status(code).send(String(code));
	}

	setHeader(name: string, value: string | number | readonly string[]): this {
		this.headers[name.toLowerCase()] = Array.isArray(value) ? [...(value as string[])] : (value as string | number);
		return this;
	}

	set(field: string | Record<string, string>, value?: string): this {
		if (typeof field === 'string') return this.setHeader(field, value ?? '');
		for (const [name, v] of Object.entries(field)) this.setHeader(name, v);
		return this;
	}

	header(field: string | Record<string, string>, value?: string): this {
		return this.set(field, value);
	}

	getHeader(name: string): string | number | string[] | undefined {
		return this.headers[name.toLowerCase()];
	}

	removeHeader(name: string): void {
		delete this.headers[name.toLowerCase()];
	}

	type(contentType: string): this {
		return this.setHeader('content-type', contentType);
	}

	contentType(contentType: string): this {
		return this.type(contentType);
	}

	writeHead(statusCode: number, headers?: Record<string, string | number | string[]>): this {
		this.statusCode = statusCode;
		for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
		this.headersSent = true;
		return this;
	}

	write(chunk: Buffer | string): boolean {
		this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
		this.headersSent = true;
		return true;
	}

	json(body: unknown): this {
		if (this.getHeader('content-type') === undefined) {
			this.setHeader('content-type', 'application/json; charset=utf-8');
		}
		return this.finish(body);
	}

	send(body?: unknown): this {
		return this.finish(body);
	}

	end(chunk?: Buffer | string | (() => void)): this {
		if (chunk !== undefined && typeof chunk !== 'function') this.write(chunk);
		return this.finish(this.chunks.length > 0 ? Buffer.concat(this.chunks) : undefined);
	}

	private finish(body: unknown): this {
		if (body !== undefined) this.body = body;
		this.headersSent = true;
		if (!this.finished) {
			this.finished = true;
			this.emit('finish');
			this.emit('close');
		}
		return this;
	}
}
