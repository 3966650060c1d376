/**
 * What may be decompressed while pdf-lib parses a file for splitting (in the PDF worker). pdf-lib
 * reads every object stream (/Type /ObjStm) and cross-reference stream (/Type /XRef) as it meets
 * them, all in memory, before the page tree can be checked: a 30 KB stream of Flate data inflates
 * to 30 MB, a 1 MB one to a gigabyte. Page contents, images and fonts are never inflated: range
 * PDFs copy them as they are. So each such stream is inflated here (inflate.ts, never past what
 * the budget has left) and pdf-lib parses the result, never inflating it itself; a file whose
 * streams together would inflate past the budget, or use filters this cannot bound, is sent whole
 * (docs/security.md). The worker's heap limit does not cover these bytes (they are buffers outside
 * V8's heap), so the budget still holds that line; the ratio also turns a bomb away at once, before
 * it can end the worker and the other documents open in it.
 * Pure over the stream's bytes and filter names, so pdfDocument.ts stays the one pdf-lib user.
 */
import { inflateWithin } from './inflate';

const MIB = 2 ** 20;
/**
 * Real writers' object and cross-reference streams inflate to at most about 10 times the whole
 * file, in files of nothing but blank pages (qpdf 9.9, pdf-lib 7.2; documents with content about
 * 0.5): twice that is allowed (docs/reading-documents.md, "PDFs sent whole").
 */
export const INFLATE_RATIO = 20;
/** Below 100 KB the allowance is this, not the ratio: a tiny file may pack its objects densely. */
export const INFLATE_FLOOR_BYTES = 2 * MIB;
/**
 * The allowance stops here whatever the file's size. Inflated bytes live outside the PDF worker's
 * heap, where its limit does not reach (pdfWorkers.ts), so this is what bounds them; and pdf-lib
 * parses them into objects of several times their size, which must fit that heap: a 10,000-page
 * file's 3 MB of object streams took 33 MiB of heap to hold (64 MiB to read), so more than 32 MiB
 * could never be read within the worker's 128 MiB anyway. It was 128 MiB before issue 49, when a
 * 6.5 MB file of 120 MiB of `[]` made n8n build 4 GB (row 2).
 */
export const INFLATE_CAP_BYTES = 32 * MIB;

/** The most bytes the object and cross-reference streams of a file of `fileSize` bytes may inflate to. */
export function inflateAllowance(fileSize: number): number {
	return Math.min(INFLATE_CAP_BYTES, Math.max(INFLATE_FLOOR_BYTES, INFLATE_RATIO * fileSize));
}

export type StreamKind = 'object stream' | 'cross-reference stream';

function sizeText(bytes: number): string {
	return bytes >= MIB ? `${Math.round(bytes / MIB)} MiB` : `${bytes} bytes`;
}

/**
 * One file's allowance, spent stream by stream. The first refusal is kept: pdf-lib's parser turns
 * any error inside an object into its own "Trying to parse invalid object", so the reader asks
 * here why, and every later stream is refused at once.
 */
export class InflateBudget {
	readonly allowance: number;
	private spent = 0;
	private why: string | undefined;

	constructor(private readonly fileSize: number) {
		this.allowance = inflateAllowance(fileSize);
	}

	get refusal(): string | undefined {
		return this.why;
	}

	get inflated(): number {
		return this.spent;
	}

	/**
	 * The decoded data of a stream pdf-lib is about to parse, charged to the allowance; throws
	 * when it must not be parsed. `filters` are the names of its /Filter in order, undefined when
	 * /Filter is neither a name nor an array of names. Unfiltered data is charged as it is.
	 */
	decode(kind: StreamKind, filters: string[] | undefined, contents: Uint8Array): Uint8Array {
		if (this.why === undefined) {
			const decoded = this.inflate(kind, filters, contents);
			if (typeof decoded !== 'string') return decoded;
			this.why = decoded;
		}
		throw new Error(this.why);
	}

	private inflate(kind: StreamKind, filters: string[] | undefined, contents: Uint8Array): Uint8Array | string {
		if (filters === undefined) return `its ${kind} has a /Filter that is no name`;
		if (filters.length > 1 || (filters.length === 1 && filters[0] !== 'FlateDecode')) {
			return `its ${kind} uses ${filters.map((name) => `/${name}`).join(' ')}, which the inflate check cannot bound`;
		}
		const left = this.allowance - this.spent;
		const inflated = filters.length === 0 ? (contents.length <= left ? { bytes: contents } : { tooLarge: true as const }) : inflateWithin(contents, left);
		if ('invalid' in inflated) return `its ${kind} is not valid Flate data (${inflated.invalid})`;
		if ('tooLarge' in inflated) {
			return `its object and cross-reference streams inflate to more than ${sizeText(this.allowance)}, the limit for a file of ${this.fileSize} bytes`;
		}
		this.spent += inflated.bytes.length;
		return inflated.bytes;
	}
}
