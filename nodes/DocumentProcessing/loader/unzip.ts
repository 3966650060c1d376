import { unzip, type InputType, type ZlibOptions } from 'node:zlib';

/**
 * Inflates `data` (zlib, RFC 1950, as the service writes `orig_elements`; or gzip, RFC 1952) on
 * libuv's thread pool, producing at most `cap` bytes: Node's zlib stops at `maxOutputLength`
 * before allocating more, so a bomb costs `cap` bytes, never what it would inflate to. Rejects
 * with `tooLarge` set when the data inflates past `cap`.
 */
export class InflateError extends Error {
	constructor(
		message: string,
		readonly tooLarge: boolean,
	) {
		super(message);
	}
}

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

const unzipAsync = (data: InputType, options: ZlibOptions): Promise<Buffer> =>
	new Promise((resolve, reject) => unzip(data, options, (error, result) => (error ? reject(error) : resolve(result))));

export async function unzipWithin(data: Uint8Array, cap: number): Promise<Buffer> {
	if (compressionOf(data) === undefined) throw new InflateError('neither zlib nor gzip data', false);
	try {
		return await unzipAsync(data, { maxOutputLength: Math.max(1, cap) });
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		if (code === 'ERR_BUFFER_TOO_LARGE') throw new InflateError(`inflates past ${cap} bytes`, true);
		throw new InflateError(`not valid compressed data (${(error as Error).message})`, false);
	}
}
