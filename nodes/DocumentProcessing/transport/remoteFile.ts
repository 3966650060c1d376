import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { Readable } from 'node:stream';
import { isPrivateAddress, privateAddressOf } from './addressGuard';
import { downloadDispatcher } from './agents';
import { proxyAnswerNote, outboundFailureError, routed } from './outboundErrors';
import { addressWithoutCredentials } from './redact';
import { downloadDeadline, fileNameOf, header, limited } from './remoteFileBody';
import { displayUrl, networkFailure, privateRefused, tooLarge } from './remoteFileErrors';

export { DOWNLOAD_DEADLINE_MS } from './remoteFileBody';
export { displayUrl } from './remoteFileErrors';

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
