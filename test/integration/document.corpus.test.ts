/**
 * PDFs in the structural classes that break splitters (support/pdfCorpus.ts), each partitioned
 * unsplit, with the node's range plan and with one page per range: the same elements, pages and
 * page order every time; a file the splitter cannot split goes whole and says why (splitSkipped),
 * one the service refuses fails as its unsplit upload does. Every file has a time bound.
 */
import type { IDataObject } from 'n8n-workflow';
import { partitionDocument, type PartitionOutcome } from '../../nodes/DocumentProcessing/api/partition';
import type { PartitionParameters } from '../../nodes/DocumentProcessing/api/partitionForm';
import { planPageRanges, type PageRange } from '../../nodes/DocumentProcessing/pdf/pdfSplit';
import type { CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { CORPUS, type CorpusCase } from './support/pdfCorpus';
import { ensureQpdf } from './support/qpdf';
import { startTestService, type TestService } from './support/service';

/**
 * Generating, three partitions and their checks, for one file: seconds at most on a loaded 2-core
 * machine, so a hang fails. The 1,200-page file (about 13 s alone) has a bound of its own.
 */
const TIME_BOUND_MS = 60_000;

const onePagePerRange = (span: PageRange): PageRange[] =>
	Array.from({ length: span.last - span.first + 1 }, (_, offset) => ({ first: span.first + offset, last: span.first + offset }));

const PLANS: Array<[string, (span: PageRange, concurrency: number) => PageRange[]]> = [
	["the node's plan", planPageRanges],
	['one page per range', onePagePerRange],
];

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
	// Installs Debian's qpdf when missing (as .ci/run does), so this file also runs alone.
	await ensureQpdf();
}, 20 * 60_000);
afterAll(async () => await service.stop());

function parameters(split: boolean, concurrency: number): PartitionParameters {
	// Coordinates carry each page's size: a page that lost an inherited MediaBox would show.
	return {
		strategy: 'fast',
		languages: [],
		coordinates: true,
		uniqueElementIds: false,
		splitPdfPage: split,
		splitPdfAllowFailed: false,
		splitPdfConcurrencyLevel: concurrency,
		additional: [],
	};
}

async function partitioned(file: string, bytes: Buffer, split: boolean, concurrency: number, plan = planPageRanges): Promise<PartitionOutcome | Error> {
	const call: CallContext = {
		node: actionNode('corpus'),
		connection: { apiKey: service.emulator.apiKey, baseUrl: service.emulator.url, partitionUrl: service.emulator.partitionUrl },
		itemIndex: 0,
	};
	const source = { fileName: file, mimeType: 'application/pdf', size: bytes.length, open: async () => bytes };
	try {
		return await partitionDocument(call, source, parameters(split, concurrency), plan);
	} catch (error) {
		return error as Error;
	}
}

const pageNumbers = (elements: IDataObject[]) => elements.map((element) => (element.metadata as IDataObject).page_number);
/** Each page's number once, in the order the elements came. */
const pageOrder = (elements: IDataObject[]) => pageNumbers(elements).filter((page, index, all) => index === 0 || all[index - 1] !== page);

async function checkCase(corpusCase: CorpusCase): Promise<void> {
	const { file, pages, fallback, refused, bomb } = corpusCase;
	const bytes = await corpusCase.make(file.replace(/\.pdf$/, ''));
	const heapBefore = process.memoryUsage().heapUsed;
	if (bomb) expect(bytes.length).toBeLessThan(bomb.maxBytes);
	const concurrency = corpusCase.concurrency ?? 5;
	const unsplit = await partitioned(file, bytes, false, concurrency);
	if (refused) {
		expect(unsplit).toBeInstanceOf(Error);
		expect((unsplit as Error).message).toMatch(refused);
	} else {
		if (unsplit instanceof Error) throw unsplit;
		expect(pageOrder(unsplit.elements)).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
		// Every page of the corpus has text: the service read it, not just counted its pages.
		expect(unsplit.elements.filter((element) => element.type === 'Image')).toEqual([]);
		expect(unsplit.splitSkipped).toBeUndefined();
	}
	for (const [name, plan] of PLANS) {
		const split = await partitioned(file, bytes, true, concurrency, plan);
		if (refused) {
			// The fallback sent the file whole, so the service's refusal is the unsplit upload's.
			expect({ plan: name, message: (split as Error).message }).toEqual({ plan: name, message: (unsplit as Error).message });
			continue;
		}
		if (split instanceof Error) throw new Error(`${name}: ${split.message}`);
		const whole = unsplit as PartitionOutcome;
		expect({ plan: name, elements: split.elements }).toEqual({ plan: name, elements: whole.elements });
		if (fallback) {
			expect({ plan: name, skipped: split.splitSkipped }).toEqual({ plan: name, skipped: expect.stringMatching(fallback) });
			// Sent whole: never more partition requests than the file has distinct pages, a bomb in one.
			expect(split.requests).toBeLessThanOrEqual(pages);
			if (bomb) expect({ plan: name, requests: split.requests }).toEqual({ plan: name, requests: 1 });
		} else {
			expect({ plan: name, skipped: split.splitSkipped }).toEqual({ plan: name, skipped: undefined });
			expect(split.requests).toBe(plan({ first: 1, last: pages }, concurrency).length);
		}
	}
	if (bomb) expect((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toBeLessThan(bomb.heapBoundMb);
}

describe('Partition File: a corpus of PDFs that break splitters', () => {
	it('covers every structural class the fallback documentation lists', () => {
		expect(CORPUS.length).toBeGreaterThanOrEqual(16);
		expect(new Set(CORPUS.map((corpusCase) => corpusCase.file)).size).toBe(CORPUS.length);
	});

	for (const corpusCase of CORPUS) {
		const title = `${corpusCase.kind} (${corpusCase.file}): the same pages in the same order, split or not`;
		it(title, async () => await checkCase(corpusCase), corpusCase.timeBoundMs ?? TIME_BOUND_MS);
	}
});
