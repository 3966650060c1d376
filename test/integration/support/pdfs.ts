import { PDFDocument, StandardFonts, type PDFFont, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * Generated PDFs for the partition tests and the benchmark: real text the emulator can read
 * (a title and paragraphs on every page, all texts distinct so element ids differ) and, when
 * asked, a scan-like image on each page that makes the file as heavy as a scanned document.
 */
export interface SamplePdfOptions {
	pages: number;
	/** Bytes of incompressible image data per page (0: text only), like a scanned page. */
	imageBytesPerPage?: number;
	/** Pages (1-based) that carry text; default every page. */
	textPages?: (page: number) => boolean;
	seed?: number;
}

const WORDS = (
	'invoice contract delivery payment schedule clause party warranty period notice service level report ' +
	'revenue quarter margin forecast audit review summary appendix table figure section customer supplier ' +
	'account balance transfer statement risk control policy compliance data record process quality'
).split(' ');

/** A seeded xorshift generator: the same data for the same seed. */
export function random(seed: number): () => number {
	let state = seed >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 0x1_0000_0000;
	};
}

function sentence(next: () => number, words: number): string {
	const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'data');
	const text = picked.join(' ');
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function drawText(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, pageNumber: number, next: () => number): void {
	const { height } = page.getSize();
	page.drawText(`Section ${pageNumber} heading`, { x: 50, y: height - 60, size: 20, font: fonts.bold });
	let y = height - 100;
	for (let paragraph = 0; paragraph < 3; paragraph++) {
		const text = `Page ${pageNumber} paragraph ${paragraph + 1}. ${sentence(next, 12)} ${sentence(next, 10)}`;
		page.drawText(text, { x: 50, y, size: 11, font: fonts.regular, maxWidth: 500, lineHeight: 14 });
		y -= 70;
	}
}

/** A grey-scale image XObject of random bytes, stored uncompressed so its size is what was asked. */
function scanImage(doc: PDFDocument, bytes: number, next: () => number): { ref: PDFRef; width: number; height: number } {
	const width = 500;
	const height = Math.max(1, Math.ceil(bytes / width));
	const data = new Uint8Array(width * height);
	for (let i = 0; i < data.length; i += 4) {
		const value = Math.floor(next() * 0x1_0000_0000);
		data[i] = value & 0xff;
		data[i + 1] = (value >>> 8) & 0xff;
		data[i + 2] = (value >>> 16) & 0xff;
		data[i + 3] = (value >>> 24) & 0xff;
	}
	const stream = doc.context.stream(data, {
		Type: 'XObject',
		Subtype: 'Image',
		Width: width,
		Height: height,
		ColorSpace: 'DeviceGray',
		BitsPerComponent: 8,
	});
	return { ref: doc.context.register(stream), width, height };
}

function drawScan(page: PDFPage, image: { ref: PDFRef; width: number; height: number }): void {
	const name = page.node.newXObject('Scan', image.ref);
	const { width, height } = page.getSize();
	const scale = Math.min((width - 100) / image.width, (height - 400) / image.height, 1);
	// Raw operators: pdf-lib's drawImage wants an embedded PDFImage, not a hand-made XObject.
	const ops = `q ${(image.width * scale).toFixed(2)} 0 0 ${(image.height * scale).toFixed(2)} 50 50 cm /${name.decodeText()} Do Q\n`;
	const content = page.doc.context.stream(ops);
	page.node.addContentStream(page.doc.context.register(content));
}

export async function samplePdf(options: SamplePdfOptions): Promise<Buffer> {
	const doc = await PDFDocument.create({ updateMetadata: false });
	const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
	const next = random(options.seed ?? 7);
	const hasText = options.textPages ?? (() => true);
	for (let pageNumber = 1; pageNumber <= options.pages; pageNumber++) {
		const page = doc.addPage([612, 792]);
		if (hasText(pageNumber)) drawText(page, fonts, pageNumber, next);
		if (options.imageBytesPerPage) drawScan(page, scanImage(doc, options.imageBytesPerPage, next));
	}
	return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Starts like a PDF, then breaks off: no pdf reader can load it. */
export function corruptPdf(): Buffer {
	return Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R', 'latin1');
}

