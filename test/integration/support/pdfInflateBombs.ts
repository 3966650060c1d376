/**
 * Inflate bombs (issue 31's open limit, docs/security.md): small hand-written PDFs with real pages
 * and text plus streams that pdf-lib inflates while it parses, whose data inflates to far more
 * than the file's size explains. pdf-lib parses every object of the file in order, so the stream
 * needs no reference: nothing points at it, and a reader that goes by references (the service's
 * pdfminer) never opens it.
 * - `inflatingStream`: an object stream (/Type /ObjStm) holding one small object and then
 *   `inflated` bytes of spaces, or a cross-reference stream (/Type /XRef) of as many zero bytes;
 *   Flate-compressed unless another /Filter and data are given.
 * - `withStreams`: a two-page document with those streams after its pages.
 */
import { deflateSync } from 'node:zlib';
import { HELVETICA, rawPdf, textStream } from './rawPdf';
import { pageTitle } from './pdfTrees';

export type InflatingKind = 'ObjStm' | 'XRef';

/** An object stream's or cross-reference stream's data before compression. */
function plainData(kind: InflatingKind, inflated: number): { data: Buffer; entries: string } {
	if (kind === 'XRef') return { data: Buffer.alloc(inflated), entries: `/W [1 2 1] /Size ${Math.floor(inflated / 4)}` };
	const object = '<< /Padding true >>';
	const header = '9999 0 ';
	const data = Buffer.alloc(Math.max(inflated, header.length + object.length), ' ');
	data.write(header + object, 'latin1');
	return { data, entries: `/N 1 /First ${header.length}` };
}

export function inflatingStream(kind: InflatingKind, inflated: number, filter = '/FlateDecode', encode: (data: Buffer) => Buffer = (data) => deflateSync(data, { level: 9 })): string {
	const { data, entries } = plainData(kind, inflated);
	const stored = encode(data);
	return `<< /Type /${kind} ${entries} /Filter ${filter} /Length ${stored.length} >>\nstream\n${stored.toString('latin1')}\nendstream`;
}

export function withStreams(file: string, streams: string[]): Buffer {
	const page = (content: number) => `<< /Type /Page /Parent 3 0 R /Contents ${content} 0 R >>`;
	const text = (number: number) => textStream(pageTitle(file, number), `Text of ${file}, page ${number}.`);
	return rawPdf([
		'<< /Type /Catalog /Pages 3 0 R >>',
		HELVETICA,
		'<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 /MediaBox [0 0 595 842] /Resources << /Font << /F1 2 0 R >> >> >>',
		page(5),
		text(1),
		page(7),
		text(2),
		...streams,
	]).bytes;
}
