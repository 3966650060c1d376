/**
 * Attack suite, PDF page-tree bombs (issue 31, docs/security.md): the tree is walked once with a
 * visited set before pdf-lib expands it, and a tree that is no tree is not trusted.
 */
import { PDFDocument } from 'pdf-lib';
import { loadPdf } from '../../nodes/DocumentProcessing/pdf/pdfDocument';
import { checkPageTree, maxPagesForSize, MIN_BYTES_PER_PAGE, type PageTreeView } from '../../nodes/DocumentProcessing/pdf/pageTree';
import { cyclicTree, lyingCount, repeatedTree } from '../integration/support/pdfBombs';
import { deepTree, manyPages } from '../integration/support/pdfTrees';
import { cpuStopwatch } from '../integration/support/cpuTime';

async function reading(bytes: Buffer): Promise<string | number> {
	const read = await loadPdf(bytes);
	return 'unreadable' in read ? read.unreadable : read.doc.getPageCount();
}

/** A tree of plain objects for the walk alone: nodes with kids and a count, pages as strings. */
type Fake = { kids: Fake[]; count?: number } | string;
const view = (root: Fake): PageTreeView<Fake> => ({
	root,
	kind: (node) => (typeof node === 'string' ? 'page' : 'tree'),
	kids: (node) => (typeof node === 'string' ? [] : node.kids),
	count: (node) => (typeof node === 'string' ? undefined : node.count),
});

describe('attack: PDF page-tree bombs are not trusted', () => {
	it.each([
		['one page listed 10,000 times', () => repeatedTree('r', 4, 10), /^its page tree lists one (page|node) more than once$/],
		['10⁸ pages claimed in under 2 KB', () => repeatedTree('h', 8, 10), /^its page tree lists one (page|node) more than once$/],
		['a cycle', () => cyclicTree('c'), /^its page tree has a cycle$/],
		['a /Count of 10⁸ over 3 pages', () => lyingCount('l', 3, 100_000_000), /^its page tree claims 100000000 pages where it holds 3$/],
	])('%s: sent whole, in milliseconds and without memory growth', async (_name, make, reason) => {
		const bytes = make();
		expect(bytes.length).toBeLessThan(2048);
		const heapBefore = process.memoryUsage().heapUsed;
		const cpuMs = cpuStopwatch();
		expect(await reading(bytes)).toMatch(reason);
		expect(cpuMs()).toBeLessThan(2_000);
		expect((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toBeLessThan(50);
	});

	it('still splits real trees: deep, large, and blank pages packed in object streams', async () => {
		expect(await reading(deepTree('d', 25))).toBe(26);
		expect(await reading(manyPages('m', 1_200))).toBe(1_200);
		const blank = await PDFDocument.create();
		for (let page = 0; page < 2_000; page++) blank.addPage([10, 10]);
		const packed = Buffer.from(await blank.save({ useObjectStreams: true }));
		expect(packed.length / 2_000).toBeGreaterThan(MIN_BYTES_PER_PAGE);
		expect(await reading(packed)).toBe(2_000);
	});

	it('walks a shared subtree once and names it; a missing /Count is no lie', () => {
		const shared: Fake = { kids: ['a', 'b'], count: 2 };
		expect(checkPageTree(view({ kids: [shared, shared], count: 4 }), 10_000)).toEqual({ untrusted: 'its page tree lists one node more than once' });
		const page = 'p';
		expect(checkPageTree(view({ kids: [page, page], count: 2 }), 10_000)).toEqual({ untrusted: 'its page tree lists one page more than once' });
		expect(checkPageTree(view({ kids: ['a', { kids: ['b', 'c'] }] }), 10_000)).toEqual({ pages: 3 });
		expect(checkPageTree(view({ kids: [{ kids: ['b', 'c'], count: 3 }], count: 2 }), 10_000)).toEqual({ untrusted: 'its page tree claims 3 pages where it holds 2' });
	});

	it('bounds pages and nodes by the file size, so the walk is bounded for any input', () => {
		const pages = Array.from({ length: 1_000 }, (_, index) => `page ${index}`);
		expect(maxPagesForSize(800)).toBe(100);
		expect(checkPageTree(view({ kids: pages, count: 1_000 }), 8_000)).toEqual({ pages: 1_000 });
		expect(checkPageTree(view({ kids: pages, count: 1_000 }), 4_000)).toEqual({ untrusted: 'its page tree has more nodes than a file of 4000 bytes can hold' });
		expect(checkPageTree(view({ kids: pages.slice(0, 600), count: 600 }), 4_000)).toEqual({ untrusted: 'its page tree holds 600 pages, more than a file of 4000 bytes can' });
	});
});
