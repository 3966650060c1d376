/**
 * A file as bytes, before pdf-lib sees it: whether it is a PDF (by type, name or header) and
 * reading it whole or only its head. Takes Node's streams by their shape (n8n's binary streams are
 * `Readable`s), so the one module that imports `node:stream` in pdf/ stays pdfDocument.ts.
 */

/** A file's content as n8n hands it over: in memory, or a stream of chunks. */
export type FileContent = Buffer | (AsyncIterable<unknown> & { destroy(): void });

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/acrobat']);
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
/** Readers accept the header anywhere in the first kilobyte (some files start with junk). */
const HEADER_WINDOW = 1024;

export interface FileFacts {
	fileName: string;
	mimeType: string;
}

/** By type or name a PDF; `maybe` when neither says anything and only the bytes can tell. */
export function pdfByName(file: FileFacts): 'yes' | 'no' | 'maybe' {
	const mime = file.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
	if (PDF_TYPES.has(mime) || /\.pdf$/i.test(file.fileName)) return 'yes';
	return GENERIC_TYPES.has(mime) ? 'maybe' : 'no';
}

export function hasPdfHeader(bytes: Uint8Array): boolean {
	return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW)).includes('%PDF-');
}

/** Node cannot read more than this in one call; larger files come in several pieces. */
const MAX_READ_CHUNK = 0x7fff_f000;

/** The chunk size that reads a file of `size` bytes in one piece (see readAll). */
export function wholeFileChunk(size: number): number {
	return Math.max(1, Math.min(size, MAX_READ_CHUNK));
}

/**
 * Reads a whole file into one buffer of its known size. A first chunk that already holds the
 * whole file (a stream opened with wholeFileChunk) is kept as it is: no copy and no chunks left
 * for the garbage collector, which frees them late (a 29 MB file read in 64 KB chunks left 28 MB
 * of them in memory next to the file). Otherwise chunks are copied in as they arrive, so the file
 * is held once, not once in chunks and again in a concatenation.
 */
export async function readAll(content: FileContent, size: number): Promise<Buffer> {
	if (Buffer.isBuffer(content)) return content;
	let target: Buffer | undefined;
	let length = 0;
	for await (const chunk of content) {
		const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
		if (target === undefined && piece.length >= size) {
			target = piece;
			length = piece.length;
			continue;
		}
		target ??= Buffer.allocUnsafe(size);
		if (length + piece.length > target.length) {
			// The stored size was wrong: grow instead of failing.
			const grown = Buffer.allocUnsafe(Math.max(target.length * 2, length + piece.length));
			target.copy(grown, 0, 0, length);
			target = grown;
		}
		piece.copy(target, length);
		length += piece.length;
	}
	if (target === undefined) return Buffer.alloc(0);
	return length === target.length ? target : target.subarray(0, length);
}

/** The first bytes of a stream, then the stream is closed: enough to tell a PDF by its header. */
export async function readHead(content: FileContent, bytes = HEADER_WINDOW): Promise<Buffer> {
	if (Buffer.isBuffer(content)) return content.subarray(0, bytes);
	const chunks: Buffer[] = [];
	let length = 0;
	try {
		for await (const chunk of content) {
			const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
			chunks.push(piece);
			length += piece.length;
			if (length >= bytes) break;
		}
	} finally {
		content.destroy();
	}
	return Buffer.concat(chunks).subarray(0, bytes);
}

