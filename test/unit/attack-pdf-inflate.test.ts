/**
 * Attack suite, PDF inflate bombs (issue 31's open limit, docs/security.md): pdf-lib inflates
 * object and cross-reference streams while it parses, so each is measured against the file's
 * budget (inflated by the budget itself, for pdf-lib to parse), and a file over budget is sent whole.
 */
import { PDFDocument } from 'pdf-lib';
import { loadPdf } from '../../nodes/DocumentProcessing/pdf/pdfDocument';
import { InflateBudget, INFLATE_CAP_BYTES, INFLATE_FLOOR_BYTES, INFLATE_RATIO, inflateAllowance } from '../../nodes/DocumentProcessing/pdf/inflateBudget';
import { inflatingStream, withStreams } from '../integration/support/pdfInflateBombs';
import { samplePdf } from '../integration/support/pdfs';
import { cpuStopwatch } from '../integration/support/cpuTime';

const MIB = 2 ** 20;
const overBudget = /^its object and cross-reference streams inflate to more than 2 MiB, the limit for a file of \d+ bytes$/;

async function reading(bytes: Buffer): Promise<string | number> {
	const read = await loadPdf(bytes);
	return 'unreadable' in read ? read.unreadable : read.doc.getPageCount();
}

/** What loadPdf's budget inflated for `bytes`, read off the budget pdf-lib's streams were charged to. */
async function inflatedBy(bytes: Buffer): Promise<number> {
	const decode = jest.spyOn(InflateBudget.prototype, 'decode');
	try {
		expect(typeof (await reading(bytes))).toBe('number');
		return (decode.mock.contexts[0] as InflateBudget | undefined)?.inflated ?? 0;
	} finally {
		decode.mockRestore();
	}
}

describe('attack: PDF inflate bombs are sent whole', () => {
	it.each([
		['an object stream inflating to 64 MiB', 'ObjStm' as const],
		['a cross-reference stream inflating to 64 MiB', 'XRef' as const],
	])('%s in a file under 100 KB: sent whole, in milliseconds and without memory growth', async (_name, kind) => {
		const bytes = withStreams('b', [inflatingStream(kind, 64 * MIB)]);
		expect(bytes.length).toBeLessThan(100_000);
		const heapBefore = process.memoryUsage().heapUsed;
		const cpuMs = cpuStopwatch();
		expect(await reading(bytes)).toMatch(overBudget);
		expect(cpuMs()).toBeLessThan(2_000);
		expect((process.memoryUsage().heapUsed - heapBefore) / MIB).toBeLessThan(50);
	});

	it('charges all the streams of a file to one budget', async () => {
		// Each stream alone is far within the budget; together they are not.
		const stream = inflatingStream('ObjStm', 256 * 1024);
		expect(await reading(withStreams('s', [stream, stream]))).toBe(2);
		expect(await reading(withStreams('m', Array(12).fill(stream) as string[]))).toMatch(overBudget);
	});

	it('sends whole a stream it cannot bound: another filter, a chain, a /Filter that is no name, data that is no Flate', async () => {
		const raw = (data: Buffer) => data;
		expect(await reading(withStreams('l', [inflatingStream('ObjStm', 100, '/LZWDecode', raw)]))).toBe('its object stream uses /LZWDecode, which the inflate check cannot bound');
		const hex = (data: Buffer) => Buffer.from(data.toString('hex'), 'latin1');
		expect(await reading(withStreams('h', [inflatingStream('XRef', 100, '[/ASCIIHexDecode /FlateDecode]', hex)]))).toBe(
			'its cross-reference stream uses /ASCIIHexDecode /FlateDecode, which the inflate check cannot bound',
		);
		expect(await reading(withStreams('n', [inflatingStream('ObjStm', 100, '42')]))).toBe('its object stream has a /Filter that is no name');
		expect(await reading(withStreams('f', [inflatingStream('ObjStm', 100, '/FlateDecode', raw)]))).toBe('its object stream is not valid Flate data (no zlib header)');
	});

	it('keeps two loads running side by side apart: each file has its own budget', async () => {
		const bomb = withStreams('b', [inflatingStream('ObjStm', 8 * MIB)]);
		const fair = withStreams('f', [inflatingStream('ObjStm', INFLATE_FLOOR_BYTES / 2)]);
		expect(await Promise.all([reading(bomb), reading(fair), reading(bomb), reading(fair)])).toEqual([expect.stringMatching(overBudget), 2, expect.stringMatching(overBudget), 2]);
		// Outside the splitter's loads pdf-lib is its own: no budget applies.
		expect((await PDFDocument.load(bomb, { throwOnInvalidObject: true })).getPageCount()).toBe(2);
	});

	it("still splits object-stream files: real writers' streams inflate to well within the ratio", async () => {
		const blank = await PDFDocument.create();
		for (let page = 0; page < 2_000; page++) blank.addPage([10, 10]);
		const packed = Buffer.from(await blank.save({ useObjectStreams: true }));
		const sample = Buffer.from(await (await PDFDocument.load(await samplePdf({ pages: 12, seed: 3 }))).save({ useObjectStreams: true }));
		// Blank pages are the densest objects there are (7.2 times the file); pages with content, 0.5.
		expect((await inflatedBy(packed)) / packed.length).toBeLessThan(INFLATE_RATIO / 2);
		expect((await inflatedBy(sample)) / sample.length).toBeLessThan(1);
		expect(await reading(packed)).toBe(2_000);
		expect(await reading(sample)).toBe(12);
	});

	it('sets the allowance from the file size, between a floor and a cap', () => {
		expect(inflateAllowance(1_000)).toBe(INFLATE_FLOOR_BYTES);
		expect(inflateAllowance(MIB)).toBe(INFLATE_RATIO * MIB);
		expect(inflateAllowance(1_000 * MIB)).toBe(INFLATE_CAP_BYTES);
	});
});
