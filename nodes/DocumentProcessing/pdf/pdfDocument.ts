// pdf/ owns splitting a PDF into page ranges before upload. This file runs only inside the PDF
// worker (pdfWorker.ts; pdfWorkers.ts runs the workers, isolatedPdf.ts is what the rest of the
// package calls): it loads the document with pdf-lib (the only file that may import pdf-lib; the
// build bundles it into the worker), checks its page tree (pageTree.ts) and inflates what pdf-lib
// parses within a budget (inflateBudget.ts, inflate.ts), and cuts range PDFs out of it.

import {
	ParseSpeeds,
	PDFArray,
	PDFCrossRefSection,
	PDFDict,
	PDFDocument,
	PDFHeader,
	PDFName,
	PDFNumber,
	type PDFContext,
	type PDFObject,
	PDFObjectStreamParser,
	PDFParser,
	PDFPageLeaf,
	PDFPageTree,
	PDFRawStream,
	PDFTrailer,
	PDFTrailerDict,
	PDFXRefStreamParser,
} from 'pdf-lib';
import { InflateBudget, type StreamKind } from './inflateBudget';
import { hasPdfHeader } from './pdfFile';
import type { PageRange } from './pdfSplit';
import { checkPageTree, type PageTreeView } from './pageTree';

/** A PDF loaded for splitting (pdf-lib is imported by this module only). */
export type LoadedPdf = PDFDocument;

/** The document, or why pdf-lib cannot split it (the file is then sent whole and the service decides). */
export type PdfReading = { doc: LoadedPdf } | { unreadable: string };

/** The parsed file's page tree as pageTree.ts walks it: pdf-lib's own node classes, references resolved. */
function pageTreeView(doc: PDFDocument): PageTreeView<PDFObject | undefined> {
	const entry = (node: PDFObject | undefined, name: string) => (node instanceof PDFDict ? doc.context.lookup(node.get(PDFName.of(name))) : undefined);
	return {
		root: entry(doc.catalog, 'Pages'),
		kind: (node) => (node instanceof PDFPageTree ? 'tree' : node instanceof PDFPageLeaf ? 'page' : 'other'),
		kids: (node) => {
			const kids = entry(node, 'Kids');
			return kids instanceof PDFArray ? kids.asArray().map((kid) => doc.context.lookup(kid)) : [];
		},
		count: (node) => {
			const count = entry(node, 'Count');
			return count instanceof PDFNumber ? count.asNumber() : undefined;
		},
	};
}

/** The inflate budget of each document being parsed, by the parse's context (several may interleave). */
const inflateBudgets = new WeakMap<PDFContext, InflateBudget>();

/** pdf-lib's parser, with the budget registered for its context before it parses anything. */
class BudgetedParser extends PDFParser {
	constructor(bytes: Uint8Array, budget: InflateBudget) {
		// Strict object parsing, and no pause every 100 objects (the default): see loadPdf.
		super(bytes, ParseSpeeds.Fastest, true, false);
		inflateBudgets.set(this.context, budget);
	}
}

/** A stream's /Filter as pdf-lib's decoder reads it: names in order, undefined when it is something else. */
function filterNames(stream: PDFRawStream): string[] | undefined {
	const filter = stream.dict.lookup(PDFName.of('Filter'));
	if (filter === undefined) return [];
	const entries = filter instanceof PDFArray ? filter.asArray().map((entry) => stream.dict.context.lookup(entry)) : [filter];
	return entries.every((entry) => entry instanceof PDFName) ? entries.map((name) => (name as PDFName).asString().slice(1)) : undefined;
}

/**
 * pdf-lib's parser hands every object and cross-reference stream it meets to these two factories,
 * which would inflate it. Wrapped once: within a load the running load's budget inflates it, and
 * the factory gets the decoded bytes with no /Filter left for pdf-lib's own inflater, so what is
 * charged is what pdf-lib parses (docs/security.md). Such streams are consumed, never kept in the
 * document. Outside a load (no budget) the factories are pdf-lib's own.
 */
function decoded(kind: StreamKind, stream: PDFRawStream): PDFRawStream {
	const budget = inflateBudgets.get(stream.dict.context);
	if (budget === undefined) return stream;
	const bytes = budget.decode(kind, filterNames(stream), stream.contents);
	const dict = stream.dict.clone();
	dict.delete(PDFName.of('Filter'));
	return PDFRawStream.of(dict, bytes);
}
const objectStreamParser = PDFObjectStreamParser.forStream;
PDFObjectStreamParser.forStream = (stream, shouldWaitForTick) => objectStreamParser(decoded('object stream', stream), shouldWaitForTick);
const crossReferenceStreamParser = PDFXRefStreamParser.forStream;
PDFXRefStreamParser.forStream = (stream) => crossReferenceStreamParser(decoded('cross-reference stream', stream));

/**
 * Reads the file for splitting. Strict object parsing, so a half-readable file is never split
 * into ranges with pages missing. Parsed without pausing every 100 objects (the default): those
 * pauses only delay the first range. Stream contents stay views of `bytes` (pdf-lib slices a
 * Buffer without copying), so the file is held once, by the document. The streams pdf-lib parses
 * are inflated within the file's inflate budget (inflateBudget.ts).
 */
export async function loadPdf(bytes: Buffer): Promise<PdfReading> {
	if (!hasPdfHeader(bytes)) return { unreadable: 'the file has no %PDF- header' };
	const budget = new InflateBudget(bytes.length);
	try {
		// What PDFDocument.load does, with a parser of our own so that its streams meet the budget
		// (the document's constructor is private to pdf-lib's types, not to its code). Arguments:
		// ignoreEncryption, so that an encrypted file is told apart (pdf-lib's EncryptedPDFError is
		// no `instanceof` match): ranges cut out of it would carry its encrypted streams without
		// the key; no updateMetadata.
		const context = await new BudgetedParser(bytes, budget).parseDocument();
		const doc = Reflect.construct(PDFDocument, [context, true, false]) as PDFDocument;
		if (doc.isEncrypted) return { unreadable: 'it is encrypted' };
		// pdf-lib's page list expands the tree as it stands (a reused node once per listing, a cycle
		// forever): it is only asked once the tree proved to be one.
		const tree = checkPageTree(pageTreeView(doc), bytes.length);
		if ('untrusted' in tree) return { unreadable: tree.untrusted };
		return doc.getPageCount() > 0 ? { doc } : { unreadable: 'pdf-lib found no pages in it' };
	} catch (error) {
		// pdf-lib reports a refused stream as an invalid object: the budget knows the real reason.
		if (budget.refusal !== undefined) return { unreadable: budget.refusal };
		return { unreadable: `pdf-lib could not read it (${error instanceof Error ? error.message : String(error)})` };
	}
}

interface Serialisable {
	sizeInBytes(): number;
	copyBytesInto(buffer: Uint8Array, offset: number): number;
}

function bytesOf(object: Serialisable): Buffer {
	const bytes = Buffer.allocUnsafe(object.sizeInBytes());
	object.copyBytesInto(bytes, 0);
	return bytes;
}

function asBuffer(bytes: Uint8Array): Buffer {
	return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * What pdf-lib's save() writes (header, objects in number order, cross-reference table, trailer),
 * except that stream contents are not copied byte by byte through pdf-lib's writer: the pieces
 * (dictionaries joined, each stream a view of the source file) are copied once into the range's
 * bytes, a buffer of its own so that it can be handed to n8n's thread without another copy.
 */
function serialise(doc: PDFDocument): Uint8Array {
	const { context } = doc;
	const chunks: Buffer[] = [];
	let pending: Buffer[] = [];
	let size = 0;
	const text = (piece: Buffer | string) => {
		const bytes = typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece;
		pending.push(bytes);
		size += bytes.length;
	};
	// Small pieces are joined, so a range goes out in about two writes per stream, not one per object.
	const flush = () => {
		if (pending.length > 0) chunks.push(pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending));
		pending = [];
	};
	text(bytesOf(PDFHeader.forVersion(1, 7)));
	text('\n\n');
	const xref = PDFCrossRefSection.create();
	for (const [ref, object] of context.enumerateIndirectObjects()) {
		xref.addEntry(ref, size);
		text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
		if (object instanceof PDFRawStream) {
			object.updateDict();
			text(bytesOf(object.dict));
			text('\nstream\n');
			flush();
			chunks.push(asBuffer(object.contents));
			size += object.contents.length;
			text('\nendstream');
		} else {
			text(bytesOf(object));
		}
		text('\nendobj\n\n');
	}
	const xrefOffset = size;
	text(bytesOf(xref));
	text('\n');
	const { Root, Encrypt, Info, ID } = context.trailerInfo;
	text(bytesOf(PDFTrailerDict.of(context.obj({ Size: context.largestObjectNumber + 1, Root, Encrypt, Info, ID }))));
	text('\n\n');
	text(bytesOf(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)));
	flush();
	// Its own ArrayBuffer (never a slice of Node's buffer pool), so it can be transferred whole.
	const bytes = new Uint8Array(size);
	let at = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, at);
		at += chunk.length;
	}
	return bytes;
}

/** Each page-tree node's parent as found going down from the catalog; the root's is undefined. */
const treeParents = new WeakMap<LoadedPdf, Map<PDFDict, PDFDict | undefined>>();

function parentsOf(doc: LoadedPdf): Map<PDFDict, PDFDict | undefined> {
	let parents = treeParents.get(doc);
	if (parents) return parents;
	const root = doc.catalog.Pages();
	parents = new Map([[root, undefined]]);
	const pending: PDFPageTree[] = [root];
	for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
		for (const kid of node.Kids().asArray()) {
			const child = doc.context.lookup(kid);
			if (!(child instanceof PDFDict) || parents.has(child)) continue;
			parents.set(child, node);
			if (child instanceof PDFPageTree) pending.push(child);
		}
	}
	treeParents.set(doc, parents);
	return parents;
}

/**
 * pdf-lib copies a page's inherited attributes (resources, size, rotation) by following its
 * /Parent entries up, while readers, and pdf-lib's own page list, go down from the catalog. A
 * Parent that is missing, wrong or part of a cycle makes the copy fail ("Parent.ascend is not a
 * function", a stack overflow) or, worse, silently lose what the page inherits; such a page is
 * refused here, so that the file is sent whole instead.
 */
function checkParentChain(doc: LoadedPdf, pageIndex: number): void {
	const parents = parentsOf(doc);
	let node: PDFDict = doc.getPage(pageIndex).node;
	for (;;) {
		const expected = parents.get(node);
		if (doc.context.lookup(node.get(PDFName.of('Parent'))) !== expected) {
			throw new Error(`page ${pageIndex + 1} has a /Parent chain that does not lead up the page tree`);
		}
		if (expected === undefined) return;
		node = expected;
	}
}

/** A standalone PDF of some pages of `source`: pages keep their content, resources and size. */
export async function buildRangePdf(source: LoadedPdf, range: PageRange): Promise<Uint8Array> {
	const indices = Array.from({ length: range.last - range.first + 1 }, (_, offset) => range.first - 1 + offset);
	for (const index of indices) checkParentChain(source, index);
	const target = await PDFDocument.create({ updateMetadata: false });
	for (const page of await target.copyPages(source, indices)) target.addPage(page);
	return serialise(target);
}
