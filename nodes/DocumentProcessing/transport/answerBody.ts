import { ANSWER_BODY_DEADLINE_MS } from './answerLimits';

/**
 * Why an answer's body was not read to its end: past its bound (a declared length over it fails
 * before a byte is read; a chunked body without end is cut once it passes it), or not whole by the
 * deadline. Its own class, with no network `code`, so the retry logic never takes it for a broken
 * connection (transport/request.ts).
 */
export class AnswerCutError extends Error {
	constructor(
		readonly reason: 'tooLarge' | 'tooSlow',
		/** Bytes received (or declared) when it was cut. */
		readonly bytes: number,
	) {
		super(reason === 'tooLarge' ? 'The answer is larger than the node reads' : 'The answer did not arrive whole in time');
		this.name = 'AnswerCutError';
	}
}

/** What the reader needs of a body (undici's is a Readable); named here so no stream module is imported. */
export interface AnswerBodyStream extends AsyncIterable<unknown> {
	readonly readableEnded: boolean;
	destroy(error?: Error): unknown;
}

export interface BodyReading {
	maxBytes: number;
	/** `fail`: an answer past `maxBytes` is an AnswerCutError; `cut`: its first `maxBytes` are kept (error bodies). */
	overLimit: 'fail' | 'cut';
	deadlineMs?: number;
}

function declaredLength(headers: Record<string, string | string[] | undefined>): number | undefined {
	const raw = headers['content-length'];
	const length = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw !== undefined && Number.isFinite(length) && length >= 0 ? length : undefined;
}

/**
 * The body as text, read piece by piece up to `maxBytes` within the deadline; a body stopped early
 * is destroyed, which closes its connection. The pieces stay outside V8's heap until the end and
 * are decoded one by one (as undici's text() does: UTF-8, a leading byte-order mark dropped).
 */
export async function readAnswerBody(
	body: AnswerBodyStream,
	headers: Record<string, string | string[] | undefined>,
	reading: BodyReading,
): Promise<string> {
	const declared = declaredLength(headers);
	if (reading.overLimit === 'fail' && declared !== undefined && declared > reading.maxBytes) {
		body.destroy();
		throw new AnswerCutError('tooLarge', declared);
	}
	let received = 0;
	// A timer signal of Node's does not keep the process alive, and once removed fails nothing.
	const deadline = AbortSignal.timeout(reading.deadlineMs ?? ANSWER_BODY_DEADLINE_MS);
	const tooSlow = () => body.destroy(new AnswerCutError('tooSlow', received));
	deadline.addEventListener('abort', tooSlow, { once: true });
	const pieces: Buffer[] = [];
	try {
		for await (const chunk of body) {
			const piece = chunk as Buffer;
			const room = reading.maxBytes - received;
			received += piece.length;
			if (piece.length <= room) {
				pieces.push(piece);
				continue;
			}
			if (reading.overLimit === 'fail') throw new AnswerCutError('tooLarge', received);
			pieces.push(piece.subarray(0, room));
			break;
		}
	} finally {
		deadline.removeEventListener('abort', tooSlow);
		// Stopped early (cut, failed, or by the loop's break): nothing more of it is wanted.
		if (!body.readableEnded) body.destroy();
	}
	const decoder = new TextDecoder('utf-8');
	let text = '';
	for (let index = 0; index < pieces.length; index++) {
		text += decoder.decode(pieces[index], { stream: true });
		// Each piece is let go once decoded, so the bytes and their text are not held twice whole.
		pieces[index] = EMPTY;
	}
	return text + decoder.decode();
}

const EMPTY = Buffer.alloc(0);
