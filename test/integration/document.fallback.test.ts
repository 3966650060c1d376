/**
 * Partition File with a PDF the splitter cannot cut ranges out of (the reported "Parent.ascend is
 * not a function" file: a page whose /Parent is no page-tree node): the file goes to the service
 * whole, nothing is lost, and the result says why in `split_skipped`, not as an error.
 */
import { createHash } from 'node:crypto';
import type { INodeExecutionData } from 'n8n-workflow';
import { parentNotATreeNode, pageTitle } from './support/pdfTrees';
import { pdfItem, useDocumentWorld } from './support/documentWorld';

const world = useDocumentWorld();
const { run, partitionRequests } = world;
const json = (items: INodeExecutionData[]) => items.map((item) => item.json);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const file = parentNotATreeNode('filled-background');
const REASON = 'pages 1–2 could not be cut out of it (page 2 has a /Parent chain that does not lead up the page tree)';

describe('Partition File: a PDF the splitter cannot split', () => {
	it('sends the file whole and says on every element why it was not split', async () => {
		const unsplit = json((await run({ options: { pdfSplitting: 'whole' } }, [pdfItem(file, 'filled-background.pdf')])).output[0]);
		await world.service.control('reset', { body: {} });

		const result = await run({ options: { splitPdfConcurrencyLevel: 2 } }, [pdfItem(file, 'filled-background.pdf')]);

		expect(unsplit.filter((element) => element.type === 'Title').map((element) => element.text)).toEqual(
			[1, 2, 3, 4].map((page) => pageTitle('filled-background', page)),
		);
		expect(json(result.output[0])).toEqual(unsplit.map((element) => ({ ...element, split_skipped: REASON })));
		expect(result.output[0].every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
		expect(result.hints.map((hint) => hint.message)).toEqual([
			`Item 0, file "filled-background.pdf" was sent whole, not split: ${REASON} (see "split_skipped").`,
		]);
		// The first range failed to build, so nothing went out before the whole file, streamed as it is.
		const requests = await partitionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]?.files[0]?.sha256).toBe(sha256(file));
	});

	it('reports it on the file item too, with the page count and the requests made', async () => {
		const result = await run({ outputMode: 'files', options: { splitPdfConcurrencyLevel: 5 } }, [pdfItem(file, 'filled-background.pdf')]);
		expect(result.output[0]?.[0]?.json).toMatchObject({ file_name: 'filled-background.pdf', page_count: 4, requests: 1, element_count: 8, split_skipped: REASON });
	});

	it('keeps only the pages of a Page Range from the whole file', async () => {
		const result = await run({ options: { pageRange: '2-3', startingPageNumber: 10, pdfSplitting: 'whole' } }, [pdfItem(file, 'filled-background.pdf')]);
		const elements = json(result.output[0]);
		expect([...new Set(elements.map((element) => (element.metadata as { page_number: number }).page_number))]).toEqual([11, 12]);
		expect(elements[0]).toMatchObject({ text: pageTitle('filled-background', 2), split_skipped: expect.stringMatching(/^pages 2–3 could not be cut out of it \(page 2 has/) });
		const [request] = await partitionRequests();
		expect(request?.files[0]?.sha256).toBe(sha256(file));
		expect(request?.fields.starting_page_number).toBe('10');
	});
});
