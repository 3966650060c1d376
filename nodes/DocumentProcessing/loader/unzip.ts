import { unzip, unzipSync, type InputType, type ZlibOptions } from 'node:zlib';

/**
 * Inflates `data` (zlib, RFC 1950, as the service writes `orig_elements`; or gzip, RFC 1952),
 * producing at most `cap` bytes: Node's zlib stops at `maxOutputLength` before allocating more,
 * so a bomb costs `cap` bytes, never what it would inflate to.
 */
export type Unzipped = { bytes: Buffer } | { tooLarge: true } | { invalid: string };

/** zlib's header: deflate with a window of at most 32 KiB, and a check that makes the pair a multiple of 31. */
function isZlibHeader(data: Uint8Array): boolean {
	const cmf = data[0] as number;
	const flg = data[1] as number;
	return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

function isGzipHeader(data: Uint8Array): boolean {
	return data[0] === 0x1f && data[1] === 0x8b && data[2] === 8;
}

/** Which framing the data has, read from its first bytes; undefined for neither. */
export function compressionOf(data: Uint8Array): 'zlib' | 'gzip' | undefined {
	if (data.length < 2) return undefined;
	if (isGzipHeader(data)) return 'gzip';
	return isZlibHeader(data) ? 'zlib' : undefined;
}

/**
 * zlib writes its output in pieces of `chunkSize` bytes (16 KiB by default), and a small result
 * keeps its whole piece alive until a collection: 400 chunks of 1 KB originals held 6 MB of
 * buffers outside the heap that way (bench:loader). Pieces about four times the compressed size,
 * at least 2 KiB (under half of Node's 8 KiB buffer pool, so they come from it), hold a chunk's
 * JSON in one piece; a bomb gets pieces of up to 64 KiB.
 */
function pieceSize(compressedBytes: number): number {
	return Math.min(64 * 1024, Math.max(2 * 1024, 4 * compressedBytes));
}

const unzipAsync = (data: InputType, options: ZlibOptions): Promise<Buffer> =>
	new Promise((resolve, reject) => unzip(data, options, (error, result) => (error ? reject(error) : resolve(result))));

/**
 * Output inflated on the event loop before the thread pool takes over: a chunk's originals are a
 * few KB, inflated in microseconds, where a trip to the pool costs more than the work; only what
 * inflates past this goes to the pool, so the loop is never held for more than about a millisecond.
 */
const INLINE_OUTPUT_BYTES = 256 * 1024;

function failed(error: unknown): Unzipped {
	if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
	return { invalid: `not valid compressed data (${(error as Error).message})` };
}

export async function unzipWithin(data: Uint8Array, cap: number): Promise<Unzipped> {
	if (compressionOf(data) === undefined) return { invalid: 'neither zlib nor gzip data' };
	const limit = Math.max(1, cap);
	const chunkSize = pieceSize(data.length);
	try {
		return { bytes: unzipSync(data, { maxOutputLength: Math.min(limit, INLINE_OUTPUT_BYTES), chunkSize }) };
	} catch (error) {
		const outcome = failed(error);
		if (!('tooLarge' in outcome) || limit <= INLINE_OUTPUT_BYTES) return outcome;
	}
	try {
		return { bytes: await unzipAsync(data, { maxOutputLength: limit, chunkSize }) };
	} catch (error) {
		return failed(error);
	}
}
