import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PdfPage {
	title?: string;
	lines?: string[];
}

/** A PDF written by pdf-lib with Helvetica: a 24 pt title and 12 pt body lines per page; `{}` is a page without text. */
export async function makePdf(pages: PdfPage[]): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	for (const spec of pages) {
		const page = doc.addPage([612, 792]);
		if (spec.title !== undefined) page.drawText(spec.title, { x: 72, y: 700, size: 24, font });
		if (spec.lines !== undefined) page.drawText(spec.lines.join('\n'), { x: 72, y: 650, size: 12, font, lineHeight: 15 });
	}
	return doc.save();
}
