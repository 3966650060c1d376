/**
 * Attack suite, issue 43 findings 1 and 2 (docs/security.md): the inflate budget was charged by a
 * counter of its own while pdf-lib inflated with another inflater, and they disagreed. An object
 * stream the counter charged 5 bytes made pdf-lib inflate a 64,000-byte stored block and then
 * 1,032 bytes a byte (a 317 KB file, 258 MB); stored blocks cut short were charged what they
 * held, where pdf-lib makes their declared length (2,000 seven-byte streams, 131 MB). Now pdf-lib
 * parses what the budget's own inflater made, and its inflater never runs during a load: these
 * tests count every byte pdf-lib's decoders allocate while loadPdf runs.
 */
import { PDFContext, PDFDict, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { loadPdf } from '../../nodes/DocumentProcessing/pdf/pdfDocument';
import { InflateBudget, inflateAllowance } from '../../nodes/DocumentProcessing/pdf/inflateBudget';
import { cutOffStoredPdf, lookaheadBombPdf } from '../integration/support/pdfFlateAttacks';
import { samplePdf } from '../integration/support/pdfs';
import { threadCpuStopwatch } from '../integration/support/cpuTime';

const MIB = 2 ** 20;

/** pdf-lib's DecodeStream, every inflater's base class: reached through an instance, as pdf-lib does not export it. */
const decodeStreamPrototype = Object.getPrototypeOf(
	Object.getPrototypeOf(decodePDFRawStream(PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }) as PDFDict, new Uint8Array([0x78, 0x9c])))),
) as { ensureBuffer(requested: number): Uint8Array };

interface Load {
	result: string | number;
	/** Bytes pdf-lib's own decoders were asked to hold, summed over the decoders. */
	pdfLibDecoded: number;
	/** Bytes the budget inflated for pdf-lib to parse. */
	budgetInflated: number;
	cpuMs: number;
}

async function load(bytes: Buffer): Promise<Load> {
	const largest = new Map<object, number>();
	const decode = jest.spyOn(InflateBudget.prototype, 'decode');
	// Counts, then lets pdf-lib's own method do the work.
	const original = decodeStreamPrototype.ensureBuffer;
	decodeStreamPrototype.ensureBuffer = function (this: object, requested: number) {
		largest.set(this, Math.max(largest.get(this) ?? 0, requested));
		return original.call(this, requested);
	};
	const cpu = threadCpuStopwatch();
	try {
		const read = await loadPdf(bytes);
		const cpuMs = cpu();
		const budget = decode.mock.contexts[0] as InflateBudget | undefined;
		return {
			result: 'unreadable' in read ? read.unreadable : read.doc.getPageCount(),
			pdfLibDecoded: [...largest.values()].reduce((sum, size) => sum + size, 0),
			budgetInflated: budget?.inflated ?? 0,
			cpuMs,
		};
	} finally {
		decodeStreamPrototype.ensureBuffer = original;
		decode.mockRestore();
	}
}

describe('attack: what pdf-lib parses is what the inflate budget charged (issue 43)', () => {
	it('an end code of 1 bit before a stored block: 5 bytes to zlib, 31 MB to pdf-lib; nothing past the allowance', async () => {
		const bytes = lookaheadBombPdf('lookahead', 30_000, 8);
		expect(bytes.length).toBeLessThan(100_000);
		const loaded = await load(bytes);
		expect(loaded.pdfLibDecoded).toBeLessThanOrEqual(inflateAllowance(bytes.length));
		// pdf-lib parses the 5 bytes RFC 1951 reads (an object stream of no objects): the file splits.
		expect(loaded).toMatchObject({ result: 8, budgetInflated: 5 });
		expect(loaded.cpuMs).toBeLessThan(1_000);
	});

	it('2,000 object streams of a stored block declaring 65,535 bytes and holding none: sent whole at the first', async () => {
		const bytes = cutOffStoredPdf('cut-off', 2_000);
		const loaded = await load(bytes);
		expect(loaded.pdfLibDecoded).toBeLessThanOrEqual(inflateAllowance(bytes.length));
		expect(loaded.budgetInflated).toBe(0);
		expect(loaded.result).toBe('its object stream is not valid Flate data (unexpected end of file)');
		expect(loaded.cpuMs).toBeLessThan(1_000);
	});

	it('a real object-stream file: pdf-lib parses the same objects, and its own inflater never runs', async () => {
		const { PDFDocument } = await import('pdf-lib');
		const packed = Buffer.from(await (await PDFDocument.load(await samplePdf({ pages: 30, seed: 43 }))).save({ useObjectStreams: true }));
		const loaded = await load(packed);
		expect(loaded).toMatchObject({ result: 30, pdfLibDecoded: 0 });
		expect(loaded.budgetInflated).toBeGreaterThan(0);
		expect(loaded.budgetInflated).toBeLessThan(MIB);
	});
});
