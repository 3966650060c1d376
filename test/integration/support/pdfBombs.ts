/**
 * Page-tree bombs (issue 31, docs/security.md): tiny hand-written PDFs whose page tree lies about
 * what they hold. Each has real pages with text (the service reads them once, as pdfminer does:
 * a node met twice is not read again) and a tree that, taken at its word, claims far more.
 * - `repeatedTree`: every node lists the next one `fanout` times and the last lists one page as
 *   often, each /Count matching: fanout^levels pages claimed, one page held.
 * - `cyclicTree`: the root lists a page and a node that lists a second page and the root again.
 * - `lyingCount`: a proper tree of `pages` pages whose root says /Count `claimed`.
 */
import { HELVETICA, rawPdf, textStream } from './rawPdf';
import { pageTitle } from './pdfTrees';

const ref = (object: number) => `${object} 0 R`;
const page = (parent: number, content: number) => `<< /Type /Page /Parent ${ref(parent)} /Contents ${ref(content)} >>`;
const INHERITED = '/MediaBox [0 0 595 842] /Resources << /Font << /F1 2 0 R >> >>';
const pageText = (file: string, number: number) => textStream(pageTitle(file, number), `Text of ${file}, page ${number}.`);

/** Objects 1 catalog, 2 font, then the tree (its root is object 3). */
function withCatalog(tree: string[]): Buffer {
	return rawPdf([`<< /Type /Catalog /Pages ${ref(3)} >>`, HELVETICA, ...tree]).bytes;
}

export function repeatedTree(file: string, levels: number, fanout: number): Buffer {
	// Nodes are objects 3 … 2 + levels (root first), then the content and the one page.
	const content = 3 + levels;
	const leaf = content + 1;
	const nodes = Array.from({ length: levels }, (_, level) => {
		const self = 3 + level;
		const kid = level === levels - 1 ? leaf : self + 1;
		const up = level === 0 ? INHERITED : `/Parent ${ref(self - 1)}`;
		return `<< /Type /Pages ${up} /Kids [${Array(fanout).fill(ref(kid)).join(' ')}] /Count ${fanout ** (levels - level)} >>`;
	});
	return withCatalog([...nodes, pageText(file, 1), page(2 + levels, content)]);
}

export function cyclicTree(file: string): Buffer {
	// 3 root: [page 1, node 4]; 4: [page 2, root]. Counts as a reader going down once would find them.
	return withCatalog([
		`<< /Type /Pages ${INHERITED} /Kids [${ref(5)} ${ref(4)}] /Count 2 >>`,
		`<< /Type /Pages /Parent ${ref(3)} /Kids [${ref(7)} ${ref(3)}] /Count 1 >>`,
		page(3, 6),
		pageText(file, 1),
		page(4, 8),
		pageText(file, 2),
	]);
}

export function lyingCount(file: string, pages: number, claimed: number): Buffer {
	const kids = Array.from({ length: pages }, (_, index) => ref(4 + 2 * index));
	const objects = [`<< /Type /Pages ${INHERITED} /Kids [${kids.join(' ')}] /Count ${claimed} >>`];
	for (let number = 1; number <= pages; number++) objects.push(page(3, 5 + 2 * (number - 1)), pageText(file, number));
	return withCatalog(objects);
}
