import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { PrivateAddressError } from './addressGuard';
import { NETWORK_WORDS } from './errors';
import type { RemoteFileRequest } from './remoteFile';
import { errorCode } from './retry';

// The errors of a file URL download, each naming the address without its query string (signed
// URLs carry tokens there).

export function displayUrl(url: URL): string {
	return `${url.protocol}//${url.host}${url.pathname}`;
}

export function privateRefused(request: RemoteFileRequest, url: URL, address: string): NodeOperationError {
	return new NodeOperationError(request.node, `The file URL ${displayUrl(url)} points to a private or loopback address (${address})`, {
		itemIndex: request.itemIndex,
		description: 'Downloads from private networks are refused by default. If the address is yours and trusted, turn on the option Allow Private Network URLs.',
	});
}

export function tooLarge(request: RemoteFileRequest, url: URL, bytes: number): NodeOperationError {
	return new NodeOperationError(
		request.node,
		`The file at ${displayUrl(url)} is over the service's ${request.maxBytes / 1024 / 1024} MB limit (${(bytes / 1024 / 1024).toFixed(1)} MB or more)`,
		{ itemIndex: request.itemIndex, description: 'Split the file or compress it, or download a smaller version.' },
	);
}

export function networkFailure(request: RemoteFileRequest, url: URL, error: unknown, during: string): Error {
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

export function tooSlow(request: RemoteFileRequest, url: URL, deadlineMs: number): NodeApiError {
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
