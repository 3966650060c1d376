import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { hashedWhileRead, sha256OfName } from '../../../nodes/DocumentProcessing/loader/documentId';

const bytes = Buffer.from('%PDF-1.7 '.repeat(50_000));
const sha256 = createHash('sha256').update(bytes).digest('hex');

function source(kind: 'stream' | 'buffer') {
	const opened: number[] = [];
	const open = async (chunkSize?: number) => {
		opened.push(chunkSize ?? 0);
		if (kind === 'buffer') return bytes;
		const pieces: Buffer[] = [];
		for (let at = 0; at < bytes.length; at += 10_000) pieces.push(bytes.subarray(at, at + 10_000));
		return Readable.from(pieces);
	};
	return { file: { fileName: 'a.pdf', mimeType: 'application/pdf', size: bytes.length, open }, opened };
}

async function readWhole(content: Readable | Buffer): Promise<Buffer> {
	if (Buffer.isBuffer(content)) return content;
	const pieces: Buffer[] = [];
	for await (const piece of content) pieces.push(piece as Buffer);
	return Buffer.concat(pieces);
}

describe('document_id: the SHA-256 of the file’s bytes, taken as the partition reads them', () => {
	it('hashes a stream the reader reads to its end, passing its bytes on unchanged, without a second read', async () => {
		const { file, opened } = source('stream');
		const sent = hashedWhileRead(file);
		expect((await readWhole(await sent.file.open())).equals(bytes)).toBe(true);
		expect(await sent.documentId()).toBe(sha256);
		expect(opened).toHaveLength(1);
	});

	it('reads the file for its hash when no read reached the end (a look at the header only)', async () => {
		const { file, opened } = source('stream');
		const sent = hashedWhileRead(file);
		const head = (await sent.file.open()) as Readable;
		for await (const piece of head) {
			expect((piece as Buffer).length).toBeGreaterThan(0);
			break;
		}
		expect(await sent.documentId()).toBe(sha256);
		expect(opened).toHaveLength(2);
	});

	it('hashes a file n8n holds in memory as it is handed over, and a name for element input', async () => {
		const { file, opened } = source('buffer');
		const sent = hashedWhileRead(file);
		expect(await sent.file.open()).toBe(bytes);
		expect(await sent.documentId()).toBe(sha256);
		expect(opened).toHaveLength(1);
		expect(sha256OfName('guide.pdf')).toBe(createHash('sha256').update('guide.pdf').digest('hex'));
	});
});
