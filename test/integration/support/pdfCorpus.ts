/**
 * The corpus of PDFs in the structural classes that break splitters (docs/reading-documents.md, "PDFs sent whole"):
 * hand-written page trees (pdfTrees.ts), pdf-lib's own object streams and forms, and qpdf's
 * linearized, encrypted and object-stream files. `fallback` is what the node must report as the
 * reason it sent the file whole; a case without it must be split.
 */
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { samplePdf } from './pdfs';
import { copyHazards, cyclicParent, deepTree, incrementalUpdate, inheritedAttributes, manyPages, missingParent, parentNotATreeNode } from './pdfTrees';
import { qpdf } from './qpdf';
import { cyclicTree, lyingCount, repeatedTree } from './pdfBombs';
import { inflatingStream, withStreams } from './pdfInflateBombs';

export interface CorpusCase {
	/** The structural class, as docs/reading-documents.md, "PDFs sent whole" lists it. */
	kind: string;
	file: string;
	/** Pages the service reads in the file. */
	pages: number;
	make(file: string): Promise<Buffer>;
	/** The node's `split_skipped` reason: the file cannot be split and goes whole. */
	fallback?: RegExp;
	/** The service refuses the file, split or not (the node must then fail as the unsplit upload does). */
	refused?: RegExp;
	/** Concurrency of the split runs; higher for the 1,000-page file (one request per page). */
	concurrency?: number;
	/** The file's time bound when the default (see the corpus test) is too tight for its size. */
	timeBoundMs?: number;
	needsQpdf?: boolean;
	/** A bomb: the file stays under `maxBytes`, is sent whole in one request, and the partitions' heap growth stays under `heapBoundMb`. */
	bomb?: { heapBoundMb: number; maxBytes: number };
}

const BOMB = { heapBoundMb: 100, maxBytes: 2048 };

const brokenChain = (page: number) => new RegExp(`^pages? [\\d–]+ could not be cut out of it \\(page ${page} has a /Parent chain that does not lead up the page tree\\)$`);

/** Text fields (one with widgets on two pages), a check box and link annotations. */
async function formsAndAnnotations(): Promise<Buffer> {
	const doc = await PDFDocument.load(await samplePdf({ pages: 6, seed: 11 }));
	const form = doc.getForm();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	const name = form.createTextField('customer.name');
	name.setText('Ada Lovelace');
	name.addToPage(doc.getPage(0), { x: 50, y: 100, width: 200, height: 20, font });
	name.addToPage(doc.getPage(2), { x: 50, y: 100, width: 200, height: 20, font });
	form.createCheckBox('customer.agreed').addToPage(doc.getPage(1), { x: 50, y: 100, width: 12, height: 12 });
	for (const index of [3, 4]) {
		const page = doc.getPage(index);
		const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 200, 70], Border: [0, 0, 0], Dest: [doc.getPage(0).ref, PDFName.of('Fit')] });
		page.node.addAnnot(doc.context.register(link));
	}
	return Buffer.from(await doc.save());
}

export const CORPUS: CorpusCase[] = [
	{ kind: 'inherited page attributes and resources', file: 'inherited.pdf', pages: 6, make: async (file) => inheritedAttributes(file) },
	{ kind: 'Parent that is not a page-tree node', file: 'parent-not-a-tree-node.pdf', pages: 4, make: async (file) => parentNotATreeNode(file), fallback: brokenChain(2) },
	{ kind: 'cyclic Parent chain', file: 'cyclic-parent.pdf', pages: 4, make: async (file) => cyclicParent(file), fallback: brokenChain(1) },
	{ kind: 'missing Parent', file: 'missing-parent.pdf', pages: 4, make: async (file) => missingParent(file), fallback: brokenChain(1) },
	{
		kind: 'object streams and a cross-reference stream (pdf-lib)',
		file: 'object-streams.pdf',
		pages: 12,
		make: async () => Buffer.from(await (await PDFDocument.load(await samplePdf({ pages: 12, seed: 3 }))).save({ useObjectStreams: true })),
	},
	{
		kind: 'object streams and a cross-reference stream (qpdf), inherited attributes',
		file: 'qpdf-object-streams.pdf',
		pages: 6,
		make: async (file) => qpdf(inheritedAttributes(file), ['--object-streams=generate']),
		needsQpdf: true,
	},
	{ kind: 'incremental update', file: 'incremental.pdf', pages: 4, make: async (file) => incrementalUpdate(file) },
	{ kind: 'linearized', file: 'linearized.pdf', pages: 24, make: async () => qpdf(await samplePdf({ pages: 24, seed: 5 }), ['--linearize']), needsQpdf: true },
	{
		kind: 'encrypted, owner password only (AES-256)',
		file: 'owner-aes256.pdf',
		pages: 6,
		make: async () => qpdf(await samplePdf({ pages: 6, seed: 9 }), ['--encrypt', '', 'owner', '256', '--']),
		fallback: /^it is encrypted$/,
		needsQpdf: true,
	},
	{
		kind: 'encrypted, owner password only (AES-128), inherited attributes',
		file: 'owner-aes128.pdf',
		pages: 6,
		make: async (file) => qpdf(inheritedAttributes(file), ['--encrypt', '', 'owner', '128', '--use-aes=y', '--']),
		fallback: /^it is encrypted$/,
		needsQpdf: true,
	},
	{
		kind: 'encrypted, owner password only (RC4-128)',
		file: 'owner-rc4.pdf',
		pages: 5,
		make: async () => qpdf(await samplePdf({ pages: 5, seed: 13 }), ['--allow-weak-crypto', '--encrypt', '', 'owner', '128', '--use-aes=n', '--']),
		fallback: /^it is encrypted$/,
		needsQpdf: true,
	},
	{
		kind: 'encrypted, user password',
		file: 'user-password.pdf',
		pages: 4,
		make: async () => qpdf(await samplePdf({ pages: 4, seed: 17 }), ['--encrypt', 'user', 'owner', '256', '--']),
		fallback: /^it is encrypted$/,
		refused: /encrypted with a password/,
		needsQpdf: true,
	},
	{ kind: 'annotations and forms', file: 'forms.pdf', pages: 6, make: async () => await formsAndAnnotations() },
	{ kind: 'content arrays, shared content, outlines and links (the shapes of pdf.js’s bug1708041.pdf)', file: 'copy-hazards.pdf', pages: 6, make: async (file) => copyHazards(file) },
	{ kind: '1,000+ pages', file: 'many-pages.pdf', pages: 1_200, make: async (file) => manyPages(file, 1_200), concurrency: 15, timeBoundMs: 180_000 },
	{ kind: 'page tree deeper than 20 levels', file: 'deep-tree.pdf', pages: 26, make: async (file) => deepTree(file, 25) },
	// Page-tree bombs (docs/security.md): not trusted, so sent whole with one request.
	{
		kind: 'one page listed 10,000 times, /Count to match',
		file: 'repeated-page.pdf',
		pages: 1,
		make: async (file) => repeatedTree(file, 4, 10),
		fallback: /^its page tree lists one (page|node) more than once$/,
		bomb: BOMB,
	},
	{ kind: 'page tree with a cycle', file: 'cyclic-tree.pdf', pages: 2, make: async (file) => cyclicTree(file), fallback: /^its page tree has a cycle$/, bomb: BOMB },
	{
		kind: 'a /Count that lies (3 pages, 10⁸ claimed)',
		file: 'lying-count.pdf',
		pages: 3,
		make: async (file) => lyingCount(file, 3, 100_000_000),
		fallback: /^its page tree claims 100000000 pages where it holds 3$/,
		bomb: BOMB,
	},
	{
		kind: '10⁸ pages claimed in under 2 KB',
		file: 'hundred-million.pdf',
		pages: 1,
		make: async (file) => repeatedTree(file, 8, 10),
		fallback: /^its page tree lists one (page|node) more than once$/,
		bomb: BOMB,
	},
	// An inflate bomb (docs/security.md): 32 MiB, not more, as the emulator inflates it in this process.
	{
		kind: 'an object stream inflating to 32 MiB in 33 KB',
		file: 'inflate-bomb.pdf',
		pages: 2,
		make: async (file) => withStreams(file, [inflatingStream('ObjStm', 32 * 2 ** 20)]),
		fallback: /^its object and cross-reference streams inflate to more than 2 MiB, the limit for a file of \d+ bytes$/,
		bomb: { heapBoundMb: 100, maxBytes: 100_000 },
	},
];
