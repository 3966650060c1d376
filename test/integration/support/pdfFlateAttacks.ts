/**
 * Flate data written bit by bit, for what zlib never writes (issue 43, docs/security.md):
 * - `lookaheadBomb`: a dynamic block whose end-of-block code is 1 bit long in a code whose longest
 *   code is 15 bits, then a stored block. pdf-lib's inflater reads 15 bits ahead to decode a code,
 *   so it reads the stored block's length one or two bytes later than RFC 1951 (and zlib) do:
 *   where zlib sees 5 bytes and the end, pdf-lib sees a stored block of 64,000 (or 65,530) bytes
 *   and then a final block of 258-byte back-references at 2 bits each (1,032 bytes a byte).
 * - `CUT_OFF_STORED`: `78 01 01 ff ff 00 00`, a final stored block declaring 65,535 bytes and
 *   holding none; pdf-lib gives the declared length (zeros).
 * - `endCodeThenStored`: the adversarial shapes the inflater is checked on against zlib: a dynamic
 *   block with an end code of any length (1–15 bits) after any number of literals, so that the
 *   stored block after it starts at every bit offset.
 * - `lookaheadBombPdf`: a PDF of `pages` pages of text with a lookahead bomb as an object stream of
 *   no objects (RFC 1951 reads 5 bytes from it, so the file is a fine document; pdf-lib's inflater
 *   reads the bomb). `cutOffStoredPdf`: a two-page PDF with `count` `CUT_OFF_STORED` streams.
 */
import { withStreams } from './pdfInflateBombs';
import { pageTitle } from './pdfTrees';
import { HELVETICA, rawPdf, textStream } from './rawPdf';

class BitWriter {
	private bytes: number[] = [];
	private bit = 0;

	/** A value of `bits` bits, lowest bit first, as Deflate's header fields and extra bits go. */
	put(value: number, bits: number): this {
		for (let index = 0; index < bits; index++) this.putBit((value >> index) & 1);
		return this;
	}

	/** A Huffman code, its highest bit first. */
	code([code, length]: [number, number]): this {
		for (let index = length - 1; index >= 0; index--) this.putBit((code >> index) & 1);
		return this;
	}

	/** The bit offset of the next bit within its byte. */
	get offset(): number {
		return this.bit % 8;
	}

	/** Pads to a byte boundary and appends whole bytes. */
	raw(bytes: ArrayLike<number>): this {
		this.bit = Math.ceil(this.bit / 8) * 8;
		for (let index = 0; index < bytes.length; index++) this.bytes.push(bytes[index] as number);
		this.bit += bytes.length * 8;
		return this;
	}

	done(): Buffer {
		return Buffer.from(this.bytes);
	}

	private putBit(bit: number): void {
		if (this.bit % 8 === 0) this.bytes.push(0);
		this.bytes[this.bytes.length - 1] = (this.bytes[this.bytes.length - 1] as number) | (bit << this.bit % 8);
		this.bit++;
	}
}

/** Canonical Huffman codes (RFC 1951 3.2.2) of `lengths`: [code, length] by symbol. */
function canonical(lengths: number[]): Array<[number, number]> {
	const counts = new Array<number>(16).fill(0);
	for (const length of lengths) if (length > 0) counts[length]++;
	const next = new Array<number>(16).fill(0);
	for (let length = 1, code = 0; length < 16; length++) {
		code = (code + (counts[length - 1] as number)) << 1;
		next[length] = code;
	}
	return lengths.map((length) => (length > 0 ? [next[length]++ as number, length] : [0, 0]));
}

/** A complete code-length code over all 19 symbols: 13 of 4 bits and 6 of 5 (RFC 1951 order). */
const LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const LENGTH_CODE_LENGTHS = LENGTH_ORDER.map((_, index) => (index < 13 ? 4 : 5));
const lengthCodeLengths = Array.from({ length: 19 }, (_, symbol) => LENGTH_CODE_LENGTHS[LENGTH_ORDER.indexOf(symbol)] as number);
const LENGTH_CODE = canonical(lengthCodeLengths);

/**
 * A dynamic block header: `literals` and `distances` code lengths, sent one by one (zero runs as
 * code 18). Returns the literal/length and distance codes it sets up.
 */
function dynamicHeader(out: BitWriter, final: boolean, literals: number[], distances: number[]): [Array<[number, number]>, Array<[number, number]>] {
	out.put(final ? 1 : 0, 1).put(2, 2).put(literals.length - 257, 5).put(distances.length - 1, 5).put(19 - 4, 4);
	for (const symbol of LENGTH_ORDER) out.put(lengthCodeLengths[symbol] as number, 3);
	const all = [...literals, ...distances];
	for (let at = 0; at < all.length; ) {
		let zeros = 0;
		while (all[at + zeros] === 0 && zeros < 138) zeros++;
		if (zeros >= 11) {
			out.code(LENGTH_CODE[18] as [number, number]).put(zeros - 11, 7);
			at += zeros;
		} else out.code(LENGTH_CODE[all[at++] as number] as [number, number]);
	}
	return [canonical(literals), canonical(distances)];
}

/** Literal/length lengths of a complete code: 256 at `endLength`, one code of each other length up to 15, two of 15. */
function endCodeLengths(endLength: number): number[] {
	const lengths = new Array<number>(257).fill(0);
	lengths[256] = endLength;
	const others = [...Array.from({ length: 14 }, (_, index) => index + 1), 15, 15];
	others.splice(others.indexOf(endLength), 1);
	others.forEach((length, symbol) => (lengths[symbol] = length));
	return lengths;
}

function adler32(data: Buffer): number[] {
	let [low, high] = [1, 0];
	for (const byte of data) {
		low = (low + byte) % 65521;
		high = (high + low) % 65521;
	}
	return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

const zlib = (body: BitWriter, plain: Buffer) => Buffer.concat([Buffer.from([0x78, 0x01]), body.raw(adler32(plain)).done()]);

/**
 * zlib data: a dynamic block of `literals` (symbols 0–14 cycling) ended by a code `endLength`
 * bits long, a stored block of `stored`, then a final fixed block holding one byte.
 */
export function endCodeThenStored(endLength: number, literals: number, stored: Buffer): { data: Buffer; plain: Buffer } {
	const out = new BitWriter();
	const [codes] = dynamicHeader(out, false, endCodeLengths(endLength), [1, 1]);
	const plain: number[] = [];
	for (let index = 0; index < literals; index++) {
		plain.push(index % 15);
		out.code(codes[index % 15] as [number, number]);
	}
	out.code(codes[256] as [number, number]).put(0, 1).put(0, 2);
	out.raw([stored.length & 0xff, stored.length >> 8, ~stored.length & 0xff, (~stored.length >> 8) & 0xff]).raw(stored);
	// Final fixed block: literal 0x41 (8 bits: 0x30 + 0x41 = 0x71), then end of block (7 zero bits).
	out.put(1, 1).put(1, 2).code([0x71, 8]).code([0, 7]);
	const all = Buffer.from([...plain, ...stored, 0x41]);
	return { data: zlib(out, all), plain: all };
}

/**
 * The issue 43 stream: zlib (RFC 1951) reads 5 bytes from it; pdf-lib reads a stored block of
 * 64,000 or 65,530 bytes, then `tail` bytes of back-references inflating to 1,032 bytes each.
 */
export function lookaheadBomb(tail: number): Buffer {
	const out = new BitWriter();
	const [codes] = dynamicHeader(out, false, endCodeLengths(1), [1, 1]);
	// pdf-lib holds enough bytes for a 15-bit code: where the end code starts decides how many more
	// than RFC 1951 has read when the stored block's length comes.
	const lookahead = out.offset <= 1 || out.offset >= 5 ? 1 : 2;
	out.code(codes[256] as [number, number]).put(0, 1).put(0, 2);
	// RFC 1951: a stored block of 5 bytes, then a final empty stored block. pdf-lib: the same bytes
	// from `lookahead` on are the length and check of a block of 64,000 (0xfa00) or 65,530 (0xfffa).
	const fiveBytes = lookahead === 1 ? [0x05, 0x00, 0xfa, 0xff, 0x05, 0, 0, 0, 0] : [0x05, 0x00, 0xfa, 0xff, 0x05, 0x00, 0, 0, 0];
	const pdfLibLength = lookahead === 1 ? 0xfa00 : 0xfffa;
	const plain = Buffer.from([0x05, 0, 0, 0, 0]);
	// zlib's checksum of those 5 bytes follows its last block, inside pdf-lib's stored block.
	const trailer = [0x01, 0x00, 0x00, 0xff, 0xff, ...adler32(plain)];
	out.raw(fiveBytes).raw(trailer);
	// The rest of pdf-lib's stored block, from where it started reading it.
	const readSoFar = fiveBytes.length + trailer.length - 4 - lookahead;
	out.raw(new Uint8Array(pdfLibLength - readSoFar));
	// pdf-lib's final block: 285 (a length of 258) in 1 bit, distance 1 in 1 bit, end of block in 2.
	const literals = new Array<number>(286).fill(0);
	[literals[285], literals[256], literals[0]] = [1, 2, 2];
	const [tailCodes, distances] = dynamicHeader(out, true, literals, [1, 1]);
	for (let index = 0; index < tail * 4; index++) out.code(tailCodes[285] as [number, number]).code(distances[0] as [number, number]);
	return Buffer.concat([Buffer.from([0x78, 0x01]), out.code(tailCodes[256] as [number, number]).done()]);
}

export const CUT_OFF_STORED = Buffer.from([0x78, 0x01, 0x01, 0xff, 0xff, 0x00, 0x00]);

/** An object stream of `objects` objects (none: pdf-lib inflates it and reads nothing from it). */
const objectStream = (data: Buffer, objects: number) =>
	`<< /Type /ObjStm /N ${objects} /First ${objects * 7} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;

export function lookaheadBombPdf(file: string, tail: number, pages: number): Buffer {
	return textPagesWith(file, pages, [objectStream(lookaheadBomb(tail), 0)]);
}

/** `pages` pages of text (each page's title and a sentence), then `objects`. */
export function textPagesWith(file: string, pages: number, objects: string[]): Buffer {
	const first = 4;
	const kids = Array.from({ length: pages }, (_, index) => `${first + index * 2} 0 R`).join(' ');
	return rawPdf([
		'<< /Type /Catalog /Pages 3 0 R >>',
		HELVETICA,
		`<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 595 842] /Resources << /Font << /F1 2 0 R >> >> >>`,
		...Array.from({ length: pages }, (_, index) => [
			`<< /Type /Page /Parent 3 0 R /Contents ${first + index * 2 + 1} 0 R >>`,
			textStream(pageTitle(file, index + 1), `Text of ${file}, page ${index + 1}.`),
		]).flat(),
		...objects,
	]).bytes;
}

/** A two-page PDF with `count` object streams of `CUT_OFF_STORED`. */
export const cutOffStoredPdf = (file: string, count: number) => withStreams(file, Array<string>(count).fill(objectStream(CUT_OFF_STORED, 0)));

/**
 * Issue 49, row 4: zlib data of `count` dynamic blocks that each hold nothing but their end code
 * (11.5 bytes a block: no literal and no length is ever decoded, so nothing is inflated and, to a
 * budget that counts output, nothing is charged), then zlib's checksum of no bytes. Each block's
 * code is the smallest there is: 256 zeros as two runs (code 18), the end code's length 1, no
 * distance code; the code-length code is complete (18 in 1 bit, 0 and 1 in 2).
 */
export function emptyDynamicBlocks(count: number): Buffer {
	const out = new BitWriter();
	const order = LENGTH_ORDER.slice(0, 18);
	const lengthCode: Record<number, number> = { 18: 1, 0: 2, 1: 2 };
	for (let block = 0; block < count; block++) {
		// Final bit, type 2, 257 literal/length codes, 1 distance code, 18 code-length codes.
		out.put(block === count - 1 ? 1 : 0, 1).put(2, 2).put(0, 5).put(0, 5).put(order.length - 4, 4);
		for (const symbol of order) out.put(lengthCode[symbol] ?? 0, 3);
		// 138 zeros, 118 zeros (literals 0–255), a 1 (the end code), a 0 (the distance code).
		out.code([0, 1]).put(138 - 11, 7).code([0, 1]).put(118 - 11, 7).code([0b11, 2]).code([0b10, 2]);
		out.code([0, 1]);
	}
	return zlib(out, Buffer.alloc(0));
}

/** A PDF of `pages` pages of text whose one object stream (of no objects) is `emptyDynamicBlocks(blocks)`. */
export function emptyBlocksPdf(file: string, blocks: number, pages = 2): Buffer {
	return textPagesWith(file, pages, [objectStream(emptyDynamicBlocks(blocks), 0)]);
}
