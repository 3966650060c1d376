import { Transform, type Readable } from 'node:stream';
import type { RemoteFileRequest } from './remoteFile';
import { networkFailure, tooLarge, tooSlow } from './remoteFileErrors';

// A downloaded file's answer: its headers and name, and the body under the size limit and the
// overall deadline.

/**
 * The whole download, whatever its pace: the idle timeout alone let a server sending one byte
 * every 25 s hold the node for minutes (issue 31). Five minutes carry the service's 50 MB limit at
 * about 1.4 Mbit/s.
 */
export const DOWNLOAD_DEADLINE_MS = 5 * 60_000;

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

export function fileNameOf(url: URL, disposition: string | undefined): string {
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

/**
 * The download's overall deadline: aborts the request, or fails the body being read, once it
 * passes, with an error that says so rather than a network failure. A timer signal of Node's
 * (AbortSignal.timeout) does not keep the process alive, and after the body closed it fails nothing.
 */
export function downloadDeadline(request: RemoteFileRequest) {
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
export function limited(body: Readable, request: RemoteFileRequest, url: URL): Readable {
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
