import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { Transform, type Readable } from 'node:stream';
import { isPrivateAddress, privateAddressOf, PrivateAddressError } from './addressGuard';
import { downloadDispatcher } from './agents';
import { proxyAnswerNote, outboundFailureError, routed } from './outboundErrors';
import { NETWORK_WORDS } from './errors';
import { errorCode } from './retry';
import { addressWithoutCredentials } from './redact';

export interface RemoteFileRequest {
	url: string;
	node: INode;
	itemIndex?: number;
	/** Lets the URL reach loopback and private networks (the node's option; off by default). */
	allowPrivate: boolean;
	maxBytes: number;
	signal?: AbortSignal;
	/** Longest wait for the headers and between two pieces of the body (idle time). */
	timeoutMs?: number;
	/** Longest time for the whole download, redirects and body included (DOWNLOAD_DEADLINE_MS). */
	deadlineMs?: number;
}

export interface RemoteFile {
	/** The address without query or credentials, safe to show (signed URLs carry tokens there). */
	displayUrl: string;
	fileName: string;
	mimeType: string;
	/** The body, cut off with an error once it passes `maxBytes`. */
	stream: Readable;
}

const MAX_REDIRECTS = 5;
const DEFAULT_DOWNLOAD_TIMEOUT_MS = 60_000;
/**
 * The whole download, whatever its pace: the idle timeout alone let a server sending one byte
 * every 25 s hold the node for minutes (issue 31). Five minutes carry the service's 50 MB limit at
 * about 1.4 Mbit/s.
 */
export const DOWNLOAD_DEADLINE_MS = 5 * 60_000;

export function displayUrl(url: URL): string {
	return `${url.protocol}//${url.host}${url.pathname}`;
}

function parseFileUrl(request: RemoteFileRequest, raw: string, base?: URL): URL {
	let url: URL;
	try {
		url = new URL(raw.trim(), base);
	} catch {
		throw new NodeOperationError(request.node, `"${addressWithoutCredentials(raw.trim())}" is not a valid file URL`, {
			itemIndex: request.itemIndex,
			description: 'Enter a full address starting with http:// or https://.',
		});
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new NodeOperationError(request.node, `File URLs must start with http:// or https://, not ${url.protocol}`, {
			itemIndex: request.itemIndex,
			description: 'Only web addresses can be downloaded; for local files use Read Files from Disk and the binary input.',
		});
	}
	return url;
}

function privateRefused(request: RemoteFileRequest, url: URL, address: string): NodeOperationError {
	return new NodeOperationError(request.node, `The file URL ${displayUrl(url)} points to a private or loopback address (${address})`, {
		itemIndex: request.itemIndex,
		description: 'Downloads from private networks are refused by default. If the address is yours and trusted, turn on the option Allow Private Network URLs.',
	});
}

/** Behind a proxy: refuses a target that resolves to a private address, or cannot be resolved to check. */
async function checkProxiedTarget(request: RemoteFileRequest, url: URL): Promise<void> {
	let address: string | undefined;
	try {
		address = await privateAddressOf(url.hostname);
	} catch {
		throw new NodeOperationError(request.node, `The file URL ${displayUrl(url)} names a host n8n cannot resolve, so it cannot check that the address is not private`, {
			itemIndex: request.itemIndex,
			description: 'Downloads through the proxy are checked against private networks by resolving the host here. If you trust the address, turn on the option Allow Private Network URLs.',
		});
	}
	if (address !== undefined) throw privateRefused(request, url, address);
}

function tooLarge(request: RemoteFileRequest, url: URL, bytes: number): NodeOperationError {
	return new NodeOperationError(
		request.node,
		`The file at ${displayUrl(url)} is over the service's ${request.maxBytes / 1024 / 1024} MB limit (${(bytes / 1024 / 1024).toFixed(1)} MB or more)`,
		{ itemIndex: request.itemIndex, description: 'Split the file or compress it, or download a smaller version.' },
	);
}

function networkFailure(request: RemoteFileRequest, url: URL, error: unknown, during: string): Error {
	let cause: unknown = error;
	for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
		if (cause instanceof PrivateAddressError) return privateRefused(request, url, cause.address);
		cause = cause.cause;
	}
	const code = errorCode(error) ?? 'UNKNOWN';
	const message = `Could not download the file at ${displayUrl(url)} (${NETWORK_WORDS[code] ?? 'network error'} ${during})`;
	return new NodeApiError(
		request.node,
		{ message, networkCode: code },
		{ message, description: `${code} — check that the address is right and reachable from n8n, then run the node again.`, itemIndex: request.itemIndex },
	);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

function fileNameOf(url: URL, disposition: string | undefined): string {
	const extended = disposition && /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
	const plain = disposition && /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
	const segment = url.pathname.split('/').filter(Boolean).pop();
	const raw = extended?.[1] ?? plain?.[1] ?? segment ?? 'download';
	let name: string;
	try {
		name = decodeURIComponent(raw);
	} catch {
		name = raw;
	}
	return name.replace(/[/\\]/g, '_').trim() || 'download';
}

function tooSlow(request: RemoteFileRequest, url: URL, deadlineMs: number): NodeApiError {
	const message = `The download of ${displayUrl(url)} did not finish within ${deadlineMs / 1000} seconds`;
	return new NodeApiError(
		request.node,
		{ message },
		{
			message,
			description: 'The server sends the file too slowly (the limit is for the whole download). Use a faster source, or a smaller file.',
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * The download's overall deadline: aborts the request, or fails the body being read, once it
 * passes, with an error that says so rather than a network failure. A timer signal of Node's
 * (AbortSignal.timeout) does not keep the process alive, and after the body closed it fails nothing.
 */
function downloadDeadline(request: RemoteFileRequest) {
	const deadlineMs = request.deadlineMs ?? DOWNLOAD_DEADLINE_MS;
	const timeout = AbortSignal.timeout(deadlineMs);
	return {
		signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
		expired: (at: URL) => (timeout.aborted && !request.signal?.aborted ? tooSlow(request, at, deadlineMs) : undefined),
		watch(stream: Readable, at: URL) {
			const fail = () => stream.destroy(tooSlow(request, at, deadlineMs));
			timeout.addEventListener('abort', fail, { once: true });
			stream.once('close', () => timeout.removeEventListener('abort', fail));
		},
	};
}

/** Counts the body's bytes and fails it once it passes the limit, so a lying or absent length cannot overrun. */
function limited(body: Readable, request: RemoteFileRequest, url: URL): Readable {
	let seen = 0;
	let overLimit = false;
	const limiter = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			seen += chunk.length;
			if (seen > request.maxBytes) {
				overLimit = true;
				callback(tooLarge(request, url, seen));
				body.destroy();
				return;
			}
			callback(null, chunk);
		},
	});
	// Destroying the body on purpose makes it fail too; that must not replace the size error.
	body.on('error', (error) => {
		if (!overLimit) limiter.destroy(networkFailure(request, url, error, 'while receiving it'));
	});
	return body.pipe(limiter);
}

/**
 * Opens a file URL for streaming: follows redirects (each hop checked again), refuses private
 * addresses unless allowed (judged on the resolved address at connect time), maps every failure
 * to an error that names the address without its query string, and ends at the overall deadline.
 */
export async function openRemoteFile(request: RemoteFileRequest): Promise<RemoteFile> {
	const deadline = downloadDeadline(request);
	const file = await openWithin(request, deadline);
	deadline.watch(file.stream, new URL(file.displayUrl));
	return file;
}

async function openWithin(request: RemoteFileRequest, deadline: ReturnType<typeof downloadDeadline>): Promise<RemoteFile> {
	let url = parseFileUrl(request, request.url);
	const timeout = request.timeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
	for (let hop = 0; ; hop++) {
		// An address written in the URL is refused before connecting; names are judged by the connector
		// or, behind a proxy (whose socket says nothing about the target), resolved here first.
		const literal = url.hostname.replace(/^\[|\]$/g, '');
		if (!request.allowPrivate && isPrivateAddress(literal)) throw privateRefused(request, url, literal);
		const { dispatcher, route } = routed(request.node, request.itemIndex, downloadDispatcher(url, request.allowPrivate));
		if (route.proxy && !request.allowPrivate) await checkProxiedTarget(request, url);
		let response;
		try {
			response = await dispatcher.request({
				origin: url.origin,
				path: `${url.pathname}${url.search}`,
				method: 'GET',
				headers: { accept: '*/*', 'user-agent': 'n8n-nodes-document-processing' },
				headersTimeout: timeout,
				bodyTimeout: timeout,
				signal: deadline.signal,
			});
		} catch (error) {
			const expired = deadline.expired(url);
			if (expired) throw expired;
			if (request.signal?.aborted) {
				throw new NodeOperationError(request.node, 'The execution was cancelled while downloading a file', { itemIndex: request.itemIndex });
			}
			const during = `the download of ${displayUrl(url)}`;
			throw outboundFailureError(request.node, route, { target: url, during, itemIndex: request.itemIndex }, error) ?? networkFailure(request, url, error, 'while connecting');
		}
		const { statusCode, headers, body } = response;
		const location = header(headers, 'location');
		if (statusCode >= 300 && statusCode < 400 && location) {
			await body.dump();
			if (hop >= MAX_REDIRECTS) {
				throw new NodeOperationError(request.node, `The file URL ${displayUrl(url)} redirects more than ${MAX_REDIRECTS} times`, {
					itemIndex: request.itemIndex,
					description: 'Use the final address of the file.',
				});
			}
			url = parseFileUrl(request, location, url);
			continue;
		}
		if (statusCode < 200 || statusCode >= 300) {
			await body.dump();
			const message = `Could not download the file at ${displayUrl(url)}: the server answered HTTP ${statusCode}`;
			throw new NodeApiError(
				request.node,
				{ message, httpCode: String(statusCode) },
				{
					message,
					httpCode: String(statusCode),
					description: ['Check that the address is right and that the file is public (or the link not expired).', proxyAnswerNote(route, url, statusCode)].filter(Boolean).join(' '),
					itemIndex: request.itemIndex,
				},
			);
		}
		const length = Number(header(headers, 'content-length'));
		if (Number.isFinite(length) && length > request.maxBytes) {
			body.destroy();
			throw tooLarge(request, url, length);
		}
		const type = header(headers, 'content-type')?.split(';')[0]?.trim().toLowerCase();
		return {
			displayUrl: displayUrl(url),
			fileName: fileNameOf(url, header(headers, 'content-disposition')),
			mimeType: type || 'application/octet-stream',
			stream: limited(body, request, url),
		};
	}
}
