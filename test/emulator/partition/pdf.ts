import { PDFDocument, PDFRawStream, decodePDFRawStream, type PDFStream } from 'pdf-lib';
import { classifyText, isBulletLine, normalizeWhitespace, stripBullet } from './classify';
import { extractTextObjects, type TextLine, type TextObject } from './pdf-content';
import { streamDecrypter, type StreamDecrypter } from './pdf-decrypt';
import { documentPages, type PdfPage } from './pdf-pages';
import { PartitionError, type Block, type ElementType } from './types';

const TITLE_FONT_SIZE = 16;

function streamBytes(stream: PDFStream, decrypt: (bytes: Uint8Array) => Uint8Array): Uint8Array {
	if (stream instanceof PDFRawStream) return decodePDFRawStream(PDFRawStream.of(stream.dict, decrypt(stream.contents))).decode();
	return stream.getContents();
}

function pageText(page: PdfPage, decrypt: StreamDecrypter): TextObject[] {
	const parts: Uint8Array[] = [];
	for (const { stream, ref } of page.contents) {
		try {
			parts.push(streamBytes(stream, (bytes) => decrypt(bytes, ref)), new Uint8Array([0x0a]));
		} catch {
			// A filter pdf-lib cannot decode (e.g. an image codec): that stream carries no text we could read.
		}
	}
	return extractTextObjects(Buffer.concat(parts));
}

function blockType(text: string, fontSize: number): ElementType {
	if (fontSize >= TITLE_FONT_SIZE && text.length <= 200) return 'Title';
	return classifyText(text);
}

/** One text object becomes one paragraph, except that bullet lines become separate list items. */
function objectToBlocks(object: TextObject, pageNumber: number, width: number, height: number): Block[] {
	const blocks: Block[] = [];
	let group: TextLine[] = [];
	const boxOf = (lines: TextLine[]): Block['box'] => {
		const first = lines[0];
		if (first === undefined) return undefined;
		const longest = Math.max(...lines.map((line) => line.text.length));
		const top = height - first.y - first.fontSize;
		return {
			x: first.x,
			y: Math.max(0, top),
			width: Math.min(width - first.x, longest * first.fontSize * 0.5),
			height: (lines.length - 1) * object.leading + first.fontSize * 1.2,
			layoutWidth: width,
			layoutHeight: height,
		};
	};
	const flush = (): void => {
		const text = normalizeWhitespace(group.map((line) => line.text).join(' '));
		if (text !== '') blocks.push({ type: blockType(text, group[0]?.fontSize ?? 12), text, pageNumber, box: boxOf(group) });
		group = [];
	};
	for (const line of object.lines) {
		if (isBulletLine(line.text)) {
			flush();
			const text = normalizeWhitespace(stripBullet(line.text));
			if (text !== '') blocks.push({ type: 'ListItem', text, pageNumber, box: boxOf([line]) });
		} else {
			group.push(line);
		}
	}
	flush();
	return blocks;
}

function corrupt(error: unknown): PartitionError {
	return error instanceof PartitionError ? error : new PartitionError(`corrupt or unreadable PDF: ${(error as Error).message}`);
}

/** Encrypted files are loaded too: one that opens without a password is read (see pdf-decrypt.ts). */
export async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
	if (bytes.subarray(0, 1024).indexOf('%PDF-') === -1) throw new PartitionError('file is not a PDF (no %PDF- header)');
	try {
		return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
	} catch (error) {
		throw corrupt(error);
	}
}

function pageBlocks(page: PdfPage, pageNumber: number, decrypt: StreamDecrypter): Block[] {
	const { width, height } = page;
	const blocks = pageText(page, decrypt).flatMap((object) => objectToBlocks(object, pageNumber, width, height));
	if (blocks.length > 0) return blocks;
	return [
		{
			type: 'Image',
			text: `Page ${pageNumber}: no extractable text`,
			pageNumber,
			box: { x: 0, y: 0, width, height, layoutWidth: width, layoutHeight: height },
		},
	];
}

/**
 * Pages as the service's reader finds them (pdf-pages.ts). Pages without text still yield one
 * element each, so page order stays visible in the output.
 */
export async function parsePdf(bytes: Buffer, startingPageNumber: number): Promise<{ blocks: Block[]; pages: number }> {
	const doc = await loadPdf(bytes);
	try {
		const decrypt = streamDecrypter(doc);
		const pages = documentPages(doc);
		if (pages.length === 0) throw new PartitionError('corrupt PDF: no pages found');
		const blocks = pages.flatMap((page, index) => pageBlocks(page, startingPageNumber + index, decrypt));
		return { blocks, pages: pages.length };
	} catch (error) {
		throw corrupt(error);
	}
}
