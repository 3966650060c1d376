import { PDFDocument } from 'pdf-lib';
import { Readable } from 'node:stream';
import { buildRangePdf, loadPdf, type LoadedPdf } from '../../nodes/DocumentProcessing/pdf/pdfDocument';
import { hasPdfHeader, pdfByName, readAll, readHead, spansItsMemory, wholeFileChunk } from '../../nodes/DocumentProcessing/pdf/pdfFile';
import { parsePdf } from '../emulator/partition/pdf';
import { corruptPdf, samplePdf } from '../integration/support/pdfs';
import { cyclicParent, inheritedAttributes, missingParent, parentNotATreeNode } from '../integration/support/pdfTrees';

async function rangePdf(source: LoadedPdf, first: number, last: number): Promise<Buffer> {
	return Buffer.from(await buildRangePdf(source, { first, last }));
}

async function loaded(file: Buffer): Promise<LoadedPdf> {
	const reading = await loadPdf(file);
	if ('unreadable' in reading) throw new Error(`sample did not load: ${reading.unreadable}`);
	return reading.doc;
}

function chunked(buffer: Buffer, size: number): Readable {
	const chunks: Buffer[] = [];
	for (let offset = 0; offset < buffer.length; offset += size) chunks.push(buffer.subarray(offset, offset + size));
	return Readable.from(chunks);
}

describe('telling PDFs apart', () => {
	it('goes by type and name first, and by content only when both say nothing', () => {
		expect(pdfByName({ fileName: 'a.pdf', mimeType: 'application/octet-stream' })).toBe('yes');
		expect(pdfByName({ fileName: 'scan', mimeType: 'application/pdf' })).toBe('yes');
		expect(pdfByName({ fileName: 'REPORT.PDF', mimeType: '' })).toBe('yes');
		expect(pdfByName({ fileName: 'notes.txt', mimeType: 'text/plain' })).toBe('no');
		expect(pdfByName({ fileName: 'upload', mimeType: 'application/octet-stream' })).toBe('maybe');
	});

	it('finds the header within the first kilobyte', () => {
		expect(hasPdfHeader(Buffer.from('%PDF-1.7\n'))).toBe(true);
		expect(hasPdfHeader(Buffer.concat([Buffer.alloc(500, 0x20), Buffer.from('%PDF-1.4')]))).toBe(true);
		expect(hasPdfHeader(Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.4')]))).toBe(false);
		expect(hasPdfHeader(Buffer.from('hello'))).toBe(false);
	});
});

describe('reading files', () => {
	const content = Buffer.from('0123456789'.repeat(1000));

	const read = async (source: Readable | Buffer, size: number) => Buffer.from(await readAll(source, size));

	it('reads a stream into one buffer of the stated size', async () => {
		expect((await read(chunked(content, 333), content.length)).equals(content)).toBe(true);
	});

	it('still reads everything when the stated size is wrong', async () => {
		expect((await read(chunked(content, 333), 10)).equals(content)).toBe(true);
		expect((await read(chunked(content, 333), 50_000)).equals(content)).toBe(true);
	});

	it('reads into memory of its own (the PDF worker takes it without a copy): a whole-file chunk as it is, n8n’s buffer copied', async () => {
		const whole = Buffer.from(Buffer.from(content).toString('latin1'), 'latin1');
		expect(wholeFileChunk(whole.length)).toBe(whole.length);
		expect(spansItsMemory(whole)).toBe(true);
		// A stream hands its chunk over: kept, not copied (a copy would leave the chunk for the collector).
		expect(await readAll(Readable.from([whole]), whole.length)).toBe(whole);
		// A buffer n8n holds stays n8n's: copied once.
		const copied = await readAll(whole, whole.length);
		expect({ same: Buffer.from(copied).equals(whole), own: spansItsMemory(copied), shared: copied.buffer === whole.buffer }).toEqual({ same: true, own: true, shared: false });
		// A chunk that is a slice of larger memory (Node's buffer pool) is copied too.
		const slice = Buffer.from('0123456789');
		expect(spansItsMemory(slice)).toBe(false);
		expect(spansItsMemory(await readAll(Readable.from([slice]), slice.length))).toBe(true);
		const grown = await readAll(Readable.from([whole, Buffer.from('tail')]), whole.length);
		expect(Buffer.from(grown).equals(Buffer.concat([whole, Buffer.from('tail')]))).toBe(true);
		expect(spansItsMemory(grown)).toBe(true);
	});

	it('reads only the head of a stream and closes it', async () => {
		const stream = chunked(content, 100);
		const head = await readHead(stream, 250);
		expect(head.equals(content.subarray(0, 250))).toBe(true);
		expect(stream.destroyed).toBe(true);
	});
});

describe('loading and cutting PDFs', () => {
	it('loads a PDF, and says why for damaged or non-PDF bytes instead of throwing', async () => {
		expect((await loaded(await samplePdf({ pages: 3 }))).getPageCount()).toBe(3);
		expect(await loadPdf(corruptPdf())).toEqual({ unreadable: expect.stringMatching(/^pdf-lib could not read it \(.+\)$/) });
		expect(await loadPdf(Buffer.from('just text'))).toEqual({ unreadable: 'the file has no %PDF- header' });
	});

	it('builds a standalone PDF of a page range with the pages’ own text', async () => {
		const source = await loaded(await samplePdf({ pages: 30, imageBytesPerPage: 2_000 }));
		const range = await rangePdf(source, 11, 20);
		const cut = await PDFDocument.load(range);
		expect(cut.getPageCount()).toBe(10);
		expect(cut.getPage(0).getSize()).toEqual(source.getPage(10).getSize());
		const { blocks } = await parsePdf(range, 11);
		expect(blocks[0]).toMatchObject({ type: 'Title', text: 'Section 11 heading', pageNumber: 11 });
		expect(blocks[blocks.length - 1]?.pageNumber).toBe(20);
		expect(blocks.filter((block) => block.type === 'Title').map((block) => block.text)).toEqual(
			Array.from({ length: 10 }, (_, index) => `Section ${index + 11} heading`),
		);
	});

	it('keeps the source usable for further ranges', async () => {
		const source = await loaded(await samplePdf({ pages: 6 }));
		const first = await rangePdf(source, 1, 3);
		const second = await rangePdf(source, 4, 6);
		expect((await PDFDocument.load(first)).getPageCount()).toBe(3);
		expect((await parsePdf(second, 4)).blocks[0]?.text).toBe('Section 4 heading');
		expect(source.getPageCount()).toBe(6);
	});

	it('writes what pdf-lib’s save() writes, into memory of its own (handed to n8n’s thread without a copy)', async () => {
		const file = await samplePdf({ pages: 12, imageBytesPerPage: 5_000 });
		const source = await loaded(file);
		const body = await buildRangePdf(source, { first: 4, last: 9 });
		const target = await PDFDocument.create({ updateMetadata: false });
		for (const page of await target.copyPages(source, [3, 4, 5, 6, 7, 8])) target.addPage(page);
		const saved = Buffer.from(await target.save({ useObjectStreams: false, addDefaultPage: false }));
		expect(Buffer.from(body).equals(saved)).toBe(true);
		expect(spansItsMemory(body)).toBe(true);
	});
});

describe('pages pdf-lib cannot copy', () => {
	it('reproduces the reported failure: pdf-lib follows a /Parent that is no page-tree node', async () => {
		const source = await loaded(parentNotATreeNode('filled-background'));
		const target = await PDFDocument.create();
		await expect(target.copyPages(source, [1])).rejects.toThrow('Parent.ascend is not a function');
	});

	it('refuses such a page, and a cyclic or missing /Parent, before copying; other pages still build', async () => {
		const broken = await loaded(parentNotATreeNode('broken'));
		await expect(buildRangePdf(broken, { first: 1, last: 2 })).rejects.toThrow('page 2 has a /Parent chain that does not lead up the page tree');
		expect((await PDFDocument.load(await rangePdf(broken, 3, 4))).getPageCount()).toBe(2);
		// pdf-lib itself would recurse until the stack overflows on the cycle.
		await expect(buildRangePdf(await loaded(cyclicParent('cyclic')), { first: 1, last: 1 })).rejects.toThrow('page 1 has a /Parent chain');
		await expect(buildRangePdf(await loaded(missingParent('missing')), { first: 1, last: 1 })).rejects.toThrow('page 1 has a /Parent chain');
	});

	it('copies what a page inherits from two levels up', async () => {
		const range = await PDFDocument.load(await rangePdf(await loaded(inheritedAttributes('inherited')), 1, 4));
		expect(range.getPages().map((page) => [page.getWidth(), page.getHeight(), page.getRotation().angle])).toEqual([
			[612, 792, 90],
			[300, 400, 90],
			[612, 792, 90],
			[595, 842, 0],
		]);
	});

	it('says a PDF is encrypted rather than cutting ranges without its key', async () => {
		const doc = await PDFDocument.load(await samplePdf({ pages: 2 }));
		// An /Encrypt entry is all pdf-lib looks at to call a file encrypted.
		doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: 'Standard', V: 4, R: 4 });
		expect(await loadPdf(Buffer.from(await doc.save({ useObjectStreams: false })))).toEqual({ unreadable: 'it is encrypted' });
	});
});
