/**
 * Flate (zlib, RFC 1950/1951) decoding that never produces more than a cap: the one inflater of
 * the object and cross-reference streams pdf-lib parses while it loads a file (inflateBudget.ts).
 * pdf-lib parses the bytes decoded here and its own inflater never runs on them, so the bytes
 * charged are the bytes parsed (docs/security.md, issue 43). Node's zlib, the reference
 * implementation, does the work: it runs only inside the PDF worker (pdfWorker.ts), so a sync
 * call holds no n8n thread, and `maxOutputLength` stops it at the cap. It replaced a hand-written
 * inflater that took 5.9 s for 9 MB of empty dynamic blocks (issue 49, row 4), where zlib takes
 * 0.6 s; zlib also refuses incomplete Huffman codes the old one read.
 *
 * What is accepted is what the old inflater and pdf-lib accept, read as zlib reads it: the zlib
 * header is checked here; the data after it is read as raw Deflate, so the Adler-32 checksum is not
 * read (pdf-lib does not read it either) and whatever follows the last block is ignored. Data that
 * ends inside a block is refused, as before (pdf-lib pads it with zeros); so is an empty stored
 * block whose length check is 0 too, which pdf-lib lets through: such a file is sent whole.
 */
import { inflateRawSync } from 'node:zlib';

export type Inflated = { bytes: Uint8Array } | { tooLarge: true } | { invalid: string };

/** RFC 1950: method 8 (Deflate), the header's check, no preset dictionary. */
function hasZlibHeader(data: Uint8Array): boolean {
	if (data.length < 2) return false;
	const method = data[0] as number;
	const flags = data[1] as number;
	return (method & 0x0f) === 8 && ((method << 8) + flags) % 31 === 0 && (flags & 0x20) === 0;
}

/**
 * The bytes zlib data `data` inflates to, if they are at most `cap`; `tooLarge` otherwise (zlib
 * stops as soon as its output would pass the cap); or why it is not Flate data, in zlib's words.
 */
export function inflateWithin(data: Uint8Array, cap: number): Inflated {
	if (!hasZlibHeader(data)) return { invalid: 'no zlib header' };
	try {
		// maxOutputLength must be at least 1; a cap of 0 still refuses any output past it below.
		const bytes = inflateRawSync(data.subarray(2), { maxOutputLength: Math.max(1, cap) });
		return bytes.length <= cap ? { bytes } : { tooLarge: true };
	} catch (error) {
		const { code, message } = error as { code?: unknown; message?: unknown };
		if (code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
		// zlib's own words ("unexpected end of file", "invalid block type"), read off the error by
		// shape: errors from Node's own code are not `instanceof` the Error of a test's sandbox.
		return { invalid: typeof message === 'string' ? message : String(error) };
	}
}
