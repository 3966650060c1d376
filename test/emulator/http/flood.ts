import type { ServerResponse } from 'node:http';

/**
 * Answers too large to hold (issue 49, attack 7): a 200 carrying a JSON array of partition-like
 * elements, generated piece by piece as the client reads (backpressure honoured), never held in
 * memory. `bytes`: exactly that many bytes, with their Content-Length unless `chunked`; without
 * `bytes`: chunked and without end, until the client hangs up.
 */
export interface Flood {
	bytes?: number;
	chunked?: boolean;
}

const ELEMENT = JSON.stringify({
	type: 'NarrativeText',
	element_id: '0f0e0d0c0b0a09080706050403020100',
	text: 'A sentence of the flood, long enough to look like text the service found on a page.',
	metadata: { filetype: 'application/pdf', languages: ['eng'], page_number: 1, filename: 'flood.pdf' },
});
/** About 64 KiB of `,ELEMENT` repeated: one write of the stream. */
const PIECE = Buffer.from(`,${ELEMENT}`.repeat(Math.ceil(65_536 / (ELEMENT.length + 1))));
const FIRST = Buffer.from(`[${ELEMENT}`);

/** The smallest flood that is one valid element array: `[ELEMENT]`. */
export const SMALLEST_FLOOD = FIRST.length + 1;

/**
 * Writes the flood; resolves when it is all written or the client went away. A sized flood is
 * `[ELEMENT,ELEMENT…` then spaces (JSON allows them between tokens) up to `bytes - 1`, then `]`.
 */
export async function sendFlood(res: ServerResponse, flood: Flood): Promise<void> {
	const sized = flood.bytes !== undefined;
	const total = flood.bytes ?? Infinity;
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (sized && !flood.chunked) headers['content-length'] = String(total);
	res.writeHead(200, headers);
	let left = total - 1;
	let started = false;
	const next = (): Buffer => {
		if (!started) {
			started = true;
			return FIRST;
		}
		if (left >= PIECE.length) return PIECE;
		return Buffer.alloc(left, 0x20);
	};
	while (left > 0 && !res.destroyed) {
		const piece = next();
		left -= piece.length;
		if (!res.write(piece)) await drained(res);
	}
	if (!res.destroyed) res.end(sized ? ']' : undefined);
}

function drained(res: ServerResponse): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.once('drain', done);
		res.once('close', done);
	});
}
