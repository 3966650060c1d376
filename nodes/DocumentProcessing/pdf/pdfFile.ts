/**
 * A file as bytes, before pdf-lib sees it: whether it is a PDF (by type, name or header) and
 * reading it whole or only its head. Takes Node's streams by their shape (n8n's binary streams are
 * `Readable`s), so pdf/ needs no `node:stream`. Runs on n8n's thread: it never parses a PDF.
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

/** Whether `bytes` spans all of its memory, so that handing the memory over hands over exactly `bytes`. */
export function spansItsMemory(bytes: Uint8Array): boolean {
	return Object.prototype.toString.call(bytes.buffer) === '[object ArrayBuffer]' && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

/**
 * Reads a whole file into memory of its own (an ArrayBuffer nobody else holds, so the PDF worker
 * can take it without another copy: isolatedPdf.ts), of the file's known size. A stream's first
 * chunk that holds the whole file and spans its memory (a stream opened with wholeFileChunk: Node's
 * file streams allocate each chunk for their reader) is kept as it is: a copy would leave the chunk
 * for the garbage collector, which frees it late (a 29 MB file held twice at the peak). Otherwise
 * chunks are copied in as they arrive; a file n8n holds in memory is copied once (its buffer is n8n's).
 */
export async function readAll(content: FileContent, size: number): Promise<Uint8Array> {
	if (Buffer.isBuffer(content)) return new Uint8Array(content);
	let target: Uint8Array | undefined;
	let length = 0;
	for await (const chunk of content) {
		const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
		if (target === undefined && piece.length >= size && spansItsMemory(piece)) {
			target = piece;
			length = piece.length;
			continue;
		}
		target ??= new Uint8Array(size);
		if (length + piece.length > target.length) {
			// The stored size was wrong: grow instead of failing.
			const grown = new Uint8Array(Math.max(target.length * 2, length + piece.length));
			grown.set(target.subarray(0, length));
			target = grown;
		}
		target.set(piece, length);
		length += piece.length;
	}
	if (target === undefined) return new Uint8Array(0);
	return length === target.length ? target : target.slice(0, length);
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

