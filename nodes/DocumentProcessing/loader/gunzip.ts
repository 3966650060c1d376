import { inflateWithin } from '../pdf/inflate';

/** RFC 1952 header flags that add fields before the compressed data. */
const FHCRC = 0x02;
const FEXTRA = 0x04;
const FNAME = 0x08;
const FCOMMENT = 0x10;

/** Where a zero-terminated header field ends, past its zero. */
function afterZero(data: Uint8Array, at: number): number {
	const zero = data.indexOf(0, at);
	if (zero < 0) throw new Error('a gzip header field without its end');
	return zero + 1;
}

/** Where the Deflate data of a gzip member starts (RFC 1952 2.3). */
function deflateStart(data: Uint8Array): number {
	if (data.length < 10 || data[0] !== 0x1f || data[1] !== 0x8b || data[2] !== 8) throw new Error('no gzip header');
	const flags = data[3] as number;
	let at = 10;
	if (flags & FEXTRA) at += 2 + ((data[at] as number) | ((data[at + 1] as number) << 8));
	if (flags & FNAME) at = afterZero(data, at);
	if (flags & FCOMMENT) at = afterZero(data, at);
	if (flags & FHCRC) at += 2;
	if (at >= data.length) throw new Error('a gzip header without data');
	return at;
}

/**
 * Gzip data inflated by the package's own bounded inflater (pdf/inflate.ts), which refuses to
 * produce more than `cap` bytes before writing any: n8n's package scanner refuses node:zlib, and
 * a hostile answer must not inflate without bound. The Deflate data goes behind a zlib header,
 * the only framing the inflater reads; the trailer's checksum is not read, as zlib's is not.
 */
export function gunzipWithin(data: Uint8Array, cap: number): Uint8Array {
	const start = deflateStart(data);
	const framed = new Uint8Array(2 + data.length - start);
	framed.set([0x78, 0x9c]);
	framed.set(data.subarray(start), 2);
	const inflated = inflateWithin(framed, cap);
	if ('bytes' in inflated) return inflated.bytes;
	throw new Error('tooLarge' in inflated ? `inflates past ${cap} bytes` : inflated.invalid);
}
