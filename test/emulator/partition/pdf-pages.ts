/**
 * The pages of a PDF as the service's PDF reader (pdfminer) finds them: by walking the page tree
 * down from the catalog, each page inheriting Resources, MediaBox, CropBox and Rotate from the
 * nodes it was reached through. A page's own /Parent entry is never followed, so a page whose
 * Parent is wrong or part of a cycle is still read (pdf-lib's page objects follow /Parent and fail
 * on such files), and a node met twice is not read again.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFDocument, type PDFObject } from 'pdf-lib';

const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];
/** US Letter, where no node of the path gives a MediaBox. */
const DEFAULT_MEDIA_BOX = [0, 0, 612, 792];

export interface PdfPage {
	/** Content streams in order, with the reference each was stored under (needed to decrypt it). */
	contents: Array<{ stream: PDFStream; ref?: PDFRef }>;
	width: number;
	height: number;
}

function typeOf(dict: PDFDict): string | undefined {
	const type = dict.get(PDFName.of('Type'));
	return type instanceof PDFName ? type.decodeText() : undefined;
}

function contentsOf(context: PDFContext, value: PDFObject | undefined): PdfPage['contents'] {
	const array = context.lookup(value);
	const entries = array instanceof PDFArray ? array.asArray() : value === undefined ? [] : [value];
	return entries.flatMap((entry) => {
		const stream = context.lookup(entry);
		return stream instanceof PDFStream ? [{ stream, ...(entry instanceof PDFRef ? { ref: entry } : {}) }] : [];
	});
}

function sizeOf(context: PDFContext, value: PDFObject | undefined): { width: number; height: number } {
	const box = context.lookup(value);
	const numbers = box instanceof PDFArray ? box.asArray().map((item) => context.lookup(item)) : [];
	const [x1, y1, x2, y2] = numbers.length === 4 && numbers.every((n) => n instanceof PDFNumber)
		? numbers.map((n) => (n as PDFNumber).asNumber())
		: DEFAULT_MEDIA_BOX;
	return { width: Math.abs((x2 ?? 0) - (x1 ?? 0)), height: Math.abs((y2 ?? 0) - (y1 ?? 0)) };
}

export function documentPages(doc: PDFDocument): PdfPage[] {
	const { context } = doc;
	const pages: PdfPage[] = [];
	const seen = new Set<PDFObject>();
	// Depth first with an explicit stack: a tree of any depth cannot overflow the call stack.
	const stack: Array<{ node: PDFObject | undefined; inherited: Map<string, PDFObject> }> = [
		{ node: doc.catalog.get(PDFName.of('Pages')), inherited: new Map() },
	];
	while (stack.length > 0) {
		const { node, inherited } = stack.pop() as (typeof stack)[number];
		const dict = context.lookup(node);
		if (!(dict instanceof PDFDict) || seen.has(dict)) continue;
		seen.add(dict);
		const attributes = new Map(inherited);
		for (const name of INHERITED) {
			const own = dict.get(PDFName.of(name));
			if (own !== undefined) attributes.set(name, own);
		}
		const kids = context.lookup(dict.get(PDFName.of('Kids')));
		if (typeOf(dict) === 'Pages' && kids instanceof PDFArray) {
			for (const kid of [...kids.asArray()].reverse()) stack.push({ node: kid, inherited: attributes });
		} else if (typeOf(dict) === 'Page') {
			pages.push({ contents: contentsOf(context, dict.get(PDFName.of('Contents'))), ...sizeOf(context, attributes.get('MediaBox')) });
		}
	}
	return pages;
}
