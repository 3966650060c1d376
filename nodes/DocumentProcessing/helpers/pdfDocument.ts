import { PDFDocument } from 'pdf-lib';
import type { Readable } from 'node:stream';
import type { PageRange } from './pdfSplit';

// The one module that imports pdf-lib (the build bundles it for this module).
export type { PDFDocument };

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

/**
 * Reads a whole file into one buffer of its known size: chunks are copied in as they arrive, so
 * the file is held once, not once in chunks and again in a concatenation.
 */
export async function readAll(content: Readable | Buffer, size: number): Promise<Buffer> {
	if (Buffer.isBuffer(content)) return content;
	let target = Buffer.allocUnsafe(size);
	let length = 0;
	for await (const chunk of content) {
		const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
		if (length + piece.length > target.length) {
			// The stored size was wrong: grow instead of failing.
			const grown = Buffer.allocUnsafe(Math.max(target.length * 2, length + piece.length));
			target.copy(grown, 0, 0, length);
			target = grown;
		}
		piece.copy(target, length);
		length += piece.length;
	}
	return target.subarray(0, length);
}

/** The first bytes of a stream, then the stream is closed: enough to tell a PDF by its header. */
export async function readHead(content: Readable | Buffer, bytes = HEADER_WINDOW): Promise<Buffer> {
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

/**
 * The document, or undefined when pdf-lib cannot read it (damaged, encrypted, no pages): such a
 * file is sent whole and the service decides. Strict object parsing, so a half-readable file is
 * never split into ranges with pages missing.
 */
export async function loadPdf(bytes: Buffer): Promise<PDFDocument | undefined> {
	if (!hasPdfHeader(bytes)) return undefined;
	try {
		const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
		return doc.getPageCount() > 0 ? doc : undefined;
	} catch {
		return undefined;
	}
}

/** A standalone PDF of some pages of `source`: pages keep their content, resources and size. */
export async function buildRangePdf(source: PDFDocument, range: PageRange): Promise<Buffer> {
	const target = await PDFDocument.create({ updateMetadata: false });
	const indices = Array.from({ length: range.last - range.first + 1 }, (_, offset) => range.first - 1 + offset);
	for (const page of await target.copyPages(source, indices)) target.addPage(page);
	// Without object streams the writer copies the (already compressed) page streams as they are.
	const bytes = await target.save({ useObjectStreams: false, addDefaultPage: false });
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
