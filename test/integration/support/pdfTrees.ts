/**
 * Hand-written page trees that break splitters (see rawPdf.ts): inherited attributes, a /Parent
 * that is not a page-tree node, a cyclic or missing /Parent, trees deeper than 20 levels, 1,000+
 * pages, an incremental update. Every page shows a title and a paragraph naming the file and the
 * page, so the pages' order can be read back from the elements.
 */
import { HELVETICA, appendUpdate, rawPdf, textStream, type RawPdf } from './rawPdf';

export const pageTitle = (file: string, page: number) => `${file} page ${page}`;
const pageText = (file: string, page: number) => textStream(pageTitle(file, page), `Text of ${file}, page ${page} of the document.`);

/** Objects numbered as they are added; object 1 (the catalog) is filled in last. */
class Objects {
	readonly list: string[] = ['']; // 1: the catalog
	add(text = ''): number {
		this.list.push(text);
		return this.list.length;
	}
	set(number: number, text: string): void {
		this.list[number - 1] = text;
	}
	pdf(rootPages: number): RawPdf {
		this.set(1, `<< /Type /Catalog /Pages ${rootPages} 0 R >>`);
		return rawPdf(this.list);
	}
}

interface Leaf {
	/** What a page's /Parent says instead of its real parent: an object number, or 'none'. */
	parent?: number | 'none';
	/** Extra entries of the page dictionary. */
	extra?: string;
}

/** A node of the tree to write: pages (leaves) and sub-trees, with extra entries (inherited attributes). */
interface Node {
	kids: Array<Node | Leaf>;
	extra?: string;
	/** What this node's /Parent says instead of its real parent. */
	parent?: number;
}

const isNode = (item: Node | Leaf): item is Node => 'kids' in item;
const countPages = (node: Node): number => node.kids.reduce((sum, kid) => sum + (isNode(kid) ? countPages(kid) : 1), 0);

/** Writes `tree` (its root inherits the font and an A4 page size to everything below). */
function writeTree(file: string, objects: Objects, tree: Node): number {
	const font = objects.add(HELVETICA);
	let page = 0;
	const write = (node: Node, parent: number | undefined): number => {
		const self = objects.add();
		const kids = node.kids.map((kid) => {
			if (isNode(kid)) return write(kid, self);
			page += 1;
			const content = objects.add(pageText(file, page));
			const parentEntry = kid.parent === 'none' ? '' : `/Parent ${kid.parent ?? self} 0 R `;
			return objects.add(`<< /Type /Page ${parentEntry}/Contents ${content} 0 R ${kid.extra ?? ''}>>`);
		});
		const up = node.parent ?? parent;
		const inherited = parent === undefined ? `/MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> ` : '';
		const parentEntry = up === undefined ? '' : `/Parent ${up} 0 R `;
		const kidsEntry = `/Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${countPages(node)} `;
		objects.set(self, `<< /Type /Pages ${parentEntry}${kidsEntry}${inherited}${node.extra ?? ''}>>`);
		return self;
	};
	return write(tree, undefined);
}

function treePdf(file: string, tree: (objects: Objects) => Node): Buffer {
	const objects = new Objects();
	return objects.pdf(writeTree(file, objects, tree(objects))).bytes;
}

const leaves = (count: number, leaf: (index: number) => Leaf = () => ({})): Leaf[] => Array.from({ length: count }, (_, index) => leaf(index));

/** Size, rotation and resources inherited from two levels up, one page with its own size. */
export const inheritedAttributes = (file: string) =>
	treePdf(file, () => ({
		kids: [
			{ kids: leaves(3, (i) => (i === 1 ? { extra: '/MediaBox [0 0 300 400] ' } : {})), extra: '/Rotate 90 /MediaBox [0 0 612 792] ' },
			{ kids: [{ kids: leaves(3) }] },
		],
	}));

/** Page 2's /Parent is a dictionary that is no page-tree node (the reported "Parent.ascend is not a function"). */
export const parentNotATreeNode = (file: string) =>
	treePdf(file, (objects) => ({ kids: leaves(4, (i) => (i === 1 ? { parent: objects.add('<< /Count 1 >>') } : {})) }));

/** Pages under a node whose /Parent points to a node that points back to it. */
export function cyclicParent(file: string): Buffer {
	const objects = new Objects();
	const loop = objects.add();
	const root = writeTree(file, objects, { kids: [{ kids: leaves(4), parent: loop }] });
	// The root's first kid is written right after the root.
	objects.set(loop, `<< /Type /Pages /Parent ${root + 1} 0 R /Kids [] /Count 0 >>`);
	return objects.pdf(root).bytes;
}

/** Pages without a /Parent entry: what they inherit is found only by going down the tree. */
export const missingParent = (file: string) => treePdf(file, () => ({ kids: leaves(4, (i) => (i % 2 === 0 ? { parent: 'none' } : {})) }));

/** `levels` nested page-tree nodes, a page on every level and two at the bottom; a size inherited from halfway down. */
export function deepTree(file: string, levels = 25): Buffer {
	const level = (depth: number): Node =>
		depth === levels ? { kids: leaves(2) } : { kids: [{}, level(depth + 1)], ...(depth === Math.floor(levels / 2) ? { extra: '/MediaBox [0 0 500 700] ' } : {}) };
	return treePdf(file, () => level(1));
}

/** `pages` pages in a balanced two-level tree of 100-page nodes. */
export const manyPages = (file: string, pages: number) =>
	treePdf(file, () => ({ kids: Array.from({ length: Math.ceil(pages / 100) }, (_, node) => ({ kids: leaves(Math.min(100, pages - node * 100)) })) }));

/**
 * Three pages, then an incremental update that rewrites page 2's content and appends a page 4:
 * the file's last section wins, as in every reader.
 */
export function incrementalUpdate(file: string): Buffer {
	const objects = new Objects();
	const root = writeTree(file, objects, { kids: leaves(3) });
	const base = objects.pdf(root);
	// writeTree numbered: font, root, then content and page of each page in turn.
	const [font, pageTwoContent] = [2, 6];
	const size = objects.list.length + 1;
	const [newContent, newPage] = [size, size + 1];
	const changed = new Map<number, string>([
		[pageTwoContent, textStream(pageTitle(file, 2), `Text of ${file}, page 2 of the document, revised.`)],
		[newContent, pageText(file, 4)],
		[newPage, `<< /Type /Page /Parent ${root} 0 R /Contents ${newContent} 0 R >>`],
		[root, `<< /Type /Pages /Kids [5 0 R 7 0 R 9 0 R ${newPage} 0 R] /Count 4 /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> >>`],
	]);
	return appendUpdate(base, changed, size + 2).bytes;
}

/**
 * What a page copy could lose, in the shape of pdf.js's `bug1708041.pdf` (issue 49; that file has
 * no licence of its own, so it is not in the corpus): six pages with their own /Resources, an
 * outline and link annotations pointing at pages, and besides its shapes: a page whose /Contents
 * is an array of two streams (its title in one, its text in the other), two pages sharing one
 * content stream, and a page whose font comes only from the root node.
 */
export function copyHazards(file: string): Buffer {
	const text = (page: number, paragraph = `Text of ${file}, page ${page} of the document.`) => textStream(pageTitle(file, page), paragraph);
	// Page 2's title and paragraph, each a content stream of its own.
	const stream = (content: string) => `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
	const titleOnly = stream(`BT /F1 20 Tf 50 740 Td (${pageTitle(file, 2)}) Tj ET`);
	const paragraphOnly = stream(`BT /F1 11 Tf 50 700 Td (Text of ${file}, page 2, drawn by the second of its two content streams.) Tj ET`);
	const own = '/Resources << /Font << /F1 2 0 R >> /ProcSet [/PDF /Text] >>';
	const page = (contents: string, extra = own) => `<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /CropBox [0 0 612 792] /Rotate 0 /Contents ${contents} ${extra} >>`;
	return rawPdf([
		'<< /Type /Catalog /Pages 3 0 R /Outlines 4 0 R /PageMode /UseOutlines >>',
		HELVETICA,
		'<< /Type /Pages /Kids [7 0 R 9 0 R 12 0 R 13 0 R 15 0 R 17 0 R] /Count 6 /Resources << /Font << /F1 2 0 R >> >> >>',
		'<< /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >>',
		'<< /Title (First page) /Parent 4 0 R /Next 6 0 R /Dest [7 0 R /XYZ 0 792 null] >>',
		'<< /Title (Last page) /Parent 4 0 R /Prev 5 0 R /Dest [17 0 R /XYZ 0 792 null] >>',
		page('8 0 R', `${own} /Annots [<< /Type /Annot /Subtype /Link /Rect [50 50 200 70] /Border [0 0 0] /A << /S /GoTo /D [17 0 R /Fit] >> >>]`),
		text(1),
		page('[10 0 R 11 0 R]'),
		titleOnly,
		paragraphOnly,
		page('14 0 R'),
		page('14 0 R'),
		text(3, `Text of ${file}, pages 3 and 4 share this content stream.`),
		page('16 0 R'),
		text(5),
		// The font only from the root node.
		page('18 0 R', ''),
		text(6),
	]).bytes;
}
