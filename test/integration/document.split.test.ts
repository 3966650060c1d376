/** Document resource: Partition File's client-side PDF splitting, unsplit files and output shapes. */
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { corruptPdf, samplePdf } from './support/pdfs';
import { PARTITION_PATH, pdfItem, useDocumentWorld, type PartitionRequest } from './support/documentWorld';
import { failure, textFile } from './support/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const world = useDocumentWorld();
const { run, partitionRequests } = world;
const field = (request: PartitionRequest, name: string) => request.fields[name];
const json = (items: INodeExecutionData[]) => items.map((item) => item.json);
const pageOf = (element: IDataObject) => (element.metadata as IDataObject).page_number;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('Partition File: client-side PDF splitting', () => {
	it('gives the same elements, in the same order, with the same page numbers as the unsplit call', async () => {
		const unsplit = await run({ options: { pdfSplitting: 'whole' } }, [pdfItem(world.pdf30)]);
		await world.service.control('reset', { body: {} });
		const split = await run({ options: { splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)]);

		const whole = json(unsplit.output[0]);
		expect(whole).toHaveLength(120);
		expect(json(split.output[0])).toEqual(whole);
		expect(whole.map(pageOf)).toEqual(Array.from({ length: 30 }, (_, page) => Array(4).fill(page + 1)).flat());
		expect(split.output[0].every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);

		const requests = await partitionRequests();
		expect(requests).toHaveLength(3);
		expect(requests.map((request) => field(request, 'starting_page_number')).sort()).toEqual(['1', '11', '21']);
		for (const request of requests) {
			expect(field(request, 'split_pdf_page')).toBe('false');
			expect(request.files[0]).toMatchObject({ field: 'files', filename: 'report.pdf' });
			expect(request.files[0]?.size).toBeLessThan(world.pdf30.length);
		}
	});

	it('splits a PDF held in memory (n8n’s default binary mode) the same way', async () => {
		const result = await run({ options: { splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)], { binaryMode: 'default' });
		expect(json(result.output[0]).map(pageOf)).toEqual(Array.from({ length: 30 }, (_, page) => Array(4).fill(page + 1)).flat());
		expect(await partitionRequests()).toHaveLength(3);
	});

	it('partitions only the page range, keeping the document’s page numbers', async () => {
		const split = await run({ options: { pageRange: '5-12', splitPdfConcurrencyLevel: 2 } }, [pdfItem(world.pdf30)]);
		expect([...new Set(json(split.output[0]).map(pageOf))]).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
		expect((await partitionRequests()).map((request) => field(request, 'starting_page_number')).sort()).toEqual(['5', '9']);

		await world.service.control('reset', { body: {} });
		const unsplit = await run({ options: { pageRange: '29-', pdfSplitting: 'whole' } }, [pdfItem(world.pdf30)]);
		expect([...new Set(json(unsplit.output[0]).map(pageOf))]).toEqual([29, 30]);
		const [request] = await partitionRequests();
		expect(field(request as PartitionRequest, 'starting_page_number')).toBe('29');
	});

	it('numbers pages from the starting page number of a document part', async () => {
		const result = await run({ options: { startingPageNumber: 101, splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)]);
		const pages = json(result.output[0]).map(pageOf);
		expect(pages[0]).toBe(101);
		expect(pages[pages.length - 1]).toBe(130);
		expect((await partitionRequests()).map((request) => field(request, 'starting_page_number')).sort()).toEqual(['101', '111', '121']);
	});

	it('fails a page range beyond the document with the file named, before sending', async () => {
		const error = await failure(run({ options: { pageRange: '31-40' } }, [pdfItem(world.pdf30)]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Page Range does not fit file "report.pdf": it starts at page 31, but the document has 30 pages');
		expect(await partitionRequests()).toHaveLength(0);
	});

	it('with When a Page Range Fails at Fail the Item, one failed range fails the item naming the range and the service’s detail', async () => {
		// A 422 is not retried: the range fails at once, as a range the service cannot read would.
		await world.service.control('faults', { body: { method: 'POST', path: PARTITION_PATH, status: 422, detail: 'page 14 could not be read', times: 1 } });
		const error = await failure(run({ options: { splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)]));
		expect(error).toBeInstanceOf(NodeApiError);
		// Whichever range reached the emulator first took the fault.
		const match = /^Pages (\d+)–(\d+) of "report.pdf" failed: The service could not accept the input: page 14 could not be read$/.exec(error.message);
		expect(match).not.toBeNull();
		expect(['1', '11', '21']).toContain(match?.[1]);
		expect(Number(match?.[2])).toBe(Number(match?.[1]) + 9);
		expect((error as NodeApiError).httpCode).toBe('422');
	});

	it('with When a Page Range Fails at Keep the Other Pages, the item keeps the ranges that worked and lists the failed one', async () => {
		await world.service.control('faults', { body: { method: 'POST', path: PARTITION_PATH, status: 422, detail: 'page 14 could not be read', times: 1 } });
		const result = await run({ outputMode: 'files', options: { splitPdfConcurrencyLevel: 3, failedRanges: 'keep' } }, [pdfItem(world.pdf30)]);
		// The faulted request was answered before its body was read; the other two name their ranges.
		const answered = (await partitionRequests()).filter((request) => request.fault === undefined).map((request) => field(request, 'starting_page_number'));
		const first = Number(['1', '11', '21'].find((start) => !answered.includes(start)));
		const [file] = json(result.output[0]);
		expect(file).toMatchObject({ file_name: 'report.pdf', binary_property: 'data', page_count: 30, requests: 3, element_count: 80 });
		expect(file?.failed_ranges).toEqual([
			{ first_page: first, last_page: first + 9, error: 'The service could not accept the input: page 14 could not be read', http_code: '422' },
		]);
		const pages = new Set((file?.elements as IDataObject[]).map(pageOf));
		expect(pages.has(first)).toBe(false);
		expect(pages.size).toBe(20);
		expect(result.hints.map((hint) => hint.message)).toEqual([expect.stringContaining(`pages ${first}–${first + 9} failed`)]);
	});

	it('with Keep the Other Pages and one item per element, the elements of a partial file say so', async () => {
		await world.service.control('faults', { body: { method: 'POST', path: PARTITION_PATH, status: 422, times: 1 } });
		const result = await run({ options: { splitPdfConcurrencyLevel: 3, failedRanges: 'keep' } }, [pdfItem(world.pdf30)]);
		expect(result.output[0]).toHaveLength(80);
		for (const item of result.output[0]) expect(item.json.failed_ranges).toEqual([expect.objectContaining({ http_code: '422' })]);
	});

	it('with When a Page Range Fails at Keep the Other Pages, a PDF whose every range failed still fails', async () => {
		await world.service.control('faults', { body: { method: 'POST', path: PARTITION_PATH, status: 422, detail: 'unreadable', times: 3 } });
		const error = await failure(run({ options: { splitPdfConcurrencyLevel: 3, failedRanges: 'keep' } }, [pdfItem(world.pdf30)]));
		expect(error.message).toBe('Every page range of "report.pdf" failed, e.g. pages 1–10: The service could not accept the input: unreadable');
	});

	it.each([
		['a 503', { status: 503, retry_after: '0' }],
		['a 429', { status: 429, retry_after: '0' }],
		['a connection reset', { reset: 'before_read' }],
	])('resends a range after %s without restarting the others', async (_label, fault) => {
		await world.service.control('faults', { body: { method: 'POST', path: PARTITION_PATH, times: 1, ...fault } });
		const result = await run({ options: { splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)]);
		expect(json(result.output[0])).toHaveLength(120);
		const requests = await partitionRequests();
		expect(requests).toHaveLength(4);
		const starts = requests.map((request) => field(request, 'starting_page_number'));
		// The faulted attempt was cut off before its fields were read: each range is answered exactly once.
		expect(requests.filter((request) => request.fault !== undefined)).toHaveLength(1);
		expect(starts.filter((value) => value !== undefined).sort()).toEqual(['1', '11', '21']);
	});
});

describe('Partition File: files that are not split', () => {
	it('sends a non-PDF whole even with splitting on', async () => {
		const text = 'Quarterly report\n\nRevenue grew in every region this quarter.\n\n- first point\n- second point';
		const result = await run({}, [{ binary: { data: textFile('report.txt', text) } }]);
		const requests = await partitionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]?.files[0]).toMatchObject({ filename: 'report.txt', sha256: sha256(Buffer.from(text)) });
		expect(requests[0]?.fields).not.toHaveProperty('starting_page_number');
		expect(json(result.output[0]).map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'ListItem', 'ListItem']);
	});

	it('sends a one-page PDF whole, byte for byte', async () => {
		const onePage = await samplePdf({ pages: 1 });
		await run({}, [pdfItem(onePage, 'one.pdf')]);
		const requests = await partitionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]?.files[0]?.sha256).toBe(sha256(onePage));
	});

	it('recognises a PDF by its content when type and name say nothing', async () => {
		await run({ options: { splitPdfConcurrencyLevel: 3 } }, [{ binary: { data: { data: world.pdf30, fileName: 'upload', mimeType: 'application/octet-stream' } } }]);
		expect(await partitionRequests()).toHaveLength(3);
	});

	it.each([true, false])('sends a corrupt PDF whole and shows the service’s 422 clearly (split %s)', async (splitPdfPage) => {
		const broken = corruptPdf();
		const error = await failure(run({ options: { pdfSplitting: splitPdfPage ? 'split' : 'whole' } }, [pdfItem(broken, 'broken.pdf')]));
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('422');
		expect(error.message).toMatch(/^File "broken.pdf": The service could not accept the input: corrupt or unreadable PDF/);
		const requests = await partitionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]?.files[0]?.sha256).toBe(sha256(broken));
	});
});

describe('Partition File: output', () => {
	it('chunks by title within the size limit', async () => {
		const result = await run({ options: { chunkingStrategy: 'by_title', maxCharacters: 120, splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)]);
		const elements = json(result.output[0]);
		expect(elements.length).toBeGreaterThan(30);
		expect(new Set(elements.map((element) => element.type))).toEqual(new Set(['CompositeElement']));
		for (const element of elements) expect((element.text as string).length).toBeLessThanOrEqual(120);
		expect(elements.filter((element) => /^Section \d+ heading/.test(element.text as string))).toHaveLength(30);
		const request = (await partitionRequests())[0] as PartitionRequest;
		expect(request.fields).toMatchObject({ chunking_strategy: 'by_title', max_characters: '120' });
	});

	it('passes unique element IDs and coordinates through untouched', async () => {
		const first = json((await run({ options: { uniqueElementIds: true, coordinates: true, splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)])).output[0]);
		const second = json((await run({ options: { uniqueElementIds: true, coordinates: true, splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)])).output[0]);
		for (const element of first) {
			expect(element.element_id).toMatch(UUID);
			expect((element.metadata as IDataObject).coordinates).toMatchObject({ system: 'PixelSpace', points: expect.any(Array) });
		}
		expect(new Set(first.map((element) => element.element_id)).size).toBe(first.length);
		expect(first.map((element) => element.element_id)).not.toEqual(second.map((element) => element.element_id));

		const hashed = json((await run({ options: { splitPdfConcurrencyLevel: 3 } }, [pdfItem(world.pdf30)])).output[0]);
		expect(hashed[0]?.element_id).toBe(sha256(Buffer.from('Section 1 heading')));
		expect((hashed[0]?.metadata as IDataObject).coordinates).toBeUndefined();
	});

	it('gives one item per file with its elements, paired to its input item', async () => {
		const result = await run({ outputMode: 'files', inputSource: 'allBinary', options: { splitPdfConcurrencyLevel: 3 } }, [
			{ binary: { note: textFile('note.txt', 'A short note, just one sentence.') } },
			{ binary: { main: { data: world.pdf30, fileName: 'report.pdf', mimeType: 'application/pdf' }, extra: textFile('extra.md', '# Extra\n\nMore words here.', 'text/markdown') } },
		]);
		const items = result.output[0];
		expect(items.map((item) => [item.json.file_name, item.json.element_count, item.pairedItem])).toEqual([
			['note.txt', 1, { item: 0 }],
			['report.pdf', 120, { item: 1 }],
			['extra.md', 2, { item: 1 }],
		]);
		expect(items[1]?.json).toMatchObject({ binary_property: 'main', page_count: 30, requests: 3 });
		expect(items[1]?.json).not.toHaveProperty('failed_ranges');
	});

	it('continues on fail with an error item for the failing file’s item only', async () => {
		const result = await run({}, [pdfItem(corruptPdf(), 'broken.pdf'), pdfItem(world.pdf30)], { continueOnFail: true });
		const items = result.output[0];
		expect(items[0]?.json.error).toMatch(/^File "broken.pdf": The service could not accept the input/);
		expect(items[0]?.pairedItem).toEqual({ item: 0 });
		expect(items.slice(1)).toHaveLength(120);
		expect(items.slice(1).every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 1 }))).toBe(true);
	});
});
