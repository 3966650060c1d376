/**
 * Hand-written PDF bytes for structures pdf-lib never writes (wrong or cyclic /Parent entries,
 * inherited attributes, deep page trees, incremental updates): numbered objects in, a file with
 * a correct cross-reference table out.
 */

/** Objects by number (1 upwards, no gaps): the text between `N 0 obj` and `endobj`. */
export type RawObjects = string[];

export interface RawPdf {
	bytes: Buffer;
	/** Offset of the last cross-reference section, for an incremental update's /Prev. */
	xrefOffset: number;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function section(start: number, body: string, objects: Map<number, string>, trailer: string): { text: string; xrefOffset: number } {
	let text = body;
	const offsets = new Map<number, number>();
	for (const [number, object] of [...objects].sort(([a], [b]) => a - b)) {
		offsets.set(number, start + latin1(text).length);
		text += `${number} 0 obj\n${object}\nendobj\n`;
	}
	const xrefOffset = start + latin1(text).length;
	text += 'xref\n';
	// One subsection per object keeps sparse updates valid.
	if (start === 0) text += '0 1\n0000000000 65535 f \n';
	for (const [number, offset] of offsets) text += `${number} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
	text += `trailer\n${trailer}\nstartxref\n${xrefOffset}\n%%EOF\n`;
	return { text, xrefOffset };
}

/** A complete file; object 1 is the catalog. */
export function rawPdf(objects: RawObjects): RawPdf {
	const numbered = new Map(objects.map((object, index) => [index + 1, object]));
	const { text, xrefOffset } = section(0, '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', numbered, `<< /Size ${objects.length + 1} /Root 1 0 R >>`);
	return { bytes: latin1(text), xrefOffset };
}

/** An incremental update appended to `base`: changed and new objects, a section pointing back with /Prev. */
export function appendUpdate(base: RawPdf, changed: Map<number, string>, size: number): RawPdf {
	const { text, xrefOffset } = section(base.bytes.length, '', changed, `<< /Size ${size} /Root 1 0 R /Prev ${base.xrefOffset} >>`);
	return { bytes: Buffer.concat([base.bytes, latin1(text)]), xrefOffset };
}

/** A content stream drawing a title and a paragraph with font /F1, as the emulator reads text. */
export function textStream(title: string, paragraph: string): string {
	const escape = (text: string) => text.replace(/[()\\]/g, (c) => `\\${c}`);
	const content = `BT /F1 20 Tf 50 740 Td (${escape(title)}) Tj ET\nBT /F1 11 Tf 50 700 Td (${escape(paragraph)}) Tj ET`;
	return `<< /Length ${latin1(content).length} >>\nstream\n${content}\nendstream`;
}

export const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
