import type { IDataObject } from 'n8n-workflow';
import type { FileState } from './fileState';
import { setFlat, withoutKeys, type FlatMetadata } from './flatMetadata';
import { readOrigElements, type OriginalsReading } from './origElements';
import { asObject, summarize, type OriginalsSummary } from './originalsSummary';

/** What n8n's vector stores insert: LangChain's Document shape (they read these two fields only). */
export interface LoaderDocument {
	pageContent: string;
	metadata: FlatMetadata;
}

export interface DocumentOptions {
	/** Table chunks as the service's HTML (`text_as_html`) instead of their plain text. */
	tablesAsHtml: boolean;
	/** `coordinates` as a JSON string, when the service sent them. */
	coordinates: boolean;
	/** The user's key/value pairs, already checked (no prototype keys). */
	extra: Array<[string, unknown]>;
	leaveOut: ReadonlySet<string>;
}

/** Where the elements came from: the file, and the vector store's input item. */
export interface ElementOrigin {
	fileName?: string;
	itemIndex: number;
	/** Set for elements of a job's output (element input). */
	jobId?: string;
}

const TABLE_TYPES = new Set(['Table', 'TableChunk']);

/** The metadata key that says why a chunk's original elements were not read (the keys they give are then absent). */
export const SKIPPED_KEY = 'orig_elements_skipped';

/** The chunk's text: a table's HTML on request, else its text; undefined for a chunk without text. */
function documentText(element: IDataObject, own: IDataObject, options: DocumentOptions): string | undefined {
	const type = typeof element.type === 'string' ? element.type : undefined;
	const html = typeof own.text_as_html === 'string' && own.text_as_html !== '' ? own.text_as_html : undefined;
	const text = options.tablesAsHtml && type && TABLE_TYPES.has(type) && html ? html : typeof element.text === 'string' ? element.text : '';
	return text.trim() === '' ? undefined : text;
}

/** The keys the chunk's elements give: pages, types, parent and section. */
function setDerived(metadata: FlatMetadata, summary: OriginalsSummary, ownPage: number | undefined, file: FileState): void {
	let first = summary.firstPage;
	let last = summary.lastPage;
	if (ownPage !== undefined) {
		if (first === undefined || ownPage < first) first = ownPage;
		if (last === undefined || ownPage > last) last = ownPage;
	}
	setFlat(metadata, 'page_number', first);
	setFlat(metadata, 'last_page_number', last);
	setFlat(metadata, 'page_range', first === undefined ? undefined : first === last ? String(first) : `${first}-${last}`);
	setFlat(metadata, 'element_types', summary.types);
	setFlat(metadata, 'parent_id', summary.firstParentId);
	// The section: the first title in the chunk, else the title its first element's parent is.
	setFlat(metadata, 'section_title', summary.firstTitle ?? file.titleOf(summary.firstParentId));
}

/** One chunk (or element) as a document, from its own metadata and what its original elements gave. */
function elementDocument(element: IDataObject, reading: OriginalsReading, origin: ElementOrigin, options: DocumentOptions, file: FileState): LoaderDocument | undefined {
	const own = asObject(element.metadata) ?? {};
	const text = documentText(element, own, options);
	if (text === undefined) return undefined;
	const chunkIndex = file.takeChunkIndex();
	const ownPage = typeof own.page_number === 'number' && Number.isInteger(own.page_number) ? own.page_number : undefined;

	const metadata: FlatMetadata = {};
	setFlat(metadata, 'file_name', origin.fileName ?? own.filename);
	setFlat(metadata, 'file_type', own.filetype);
	if ('summary' in reading) setDerived(metadata, reading.summary, ownPage, file);
	else {
		setFlat(metadata, 'page_number', ownPage);
		setFlat(metadata, SKIPPED_KEY, reading.skipped);
	}
	setFlat(metadata, 'element_type', element.type);
	setFlat(metadata, 'element_id', element.element_id);
	setFlat(metadata, 'chunk_index', chunkIndex);
	setFlat(metadata, 'document_id', file.documentId);
	setFlat(metadata, 'chunk_id', file.documentId === undefined ? undefined : `${file.documentId}:${chunkIndex}`);
	setFlat(metadata, 'languages', own.languages);
	setFlat(metadata, 'item_index', origin.itemIndex);
	setFlat(metadata, 'job_id', origin.jobId);
	// A chunk has no box of its own: its elements' boxes stand for it.
	if (options.coordinates) setFlat(metadata, 'coordinates', own.coordinates ?? ('summary' in reading ? reading.summary.coordinates : undefined));
	for (const [key, value] of options.extra) setFlat(metadata, key, value);
	return { pageContent: text, metadata: withoutKeys(metadata, options.leaveOut) };
}

/**
 * The documents of one file's elements (all of them, or the part one item carries), chunk
 * indexes counted over the file. Every chunk's originals are read first, one at a time, so a
 * `parent_id` finds its title wherever in the file the title is; only their summaries are kept.
 */
export async function fileDocuments(elements: IDataObject[], origin: ElementOrigin, options: DocumentOptions, file: FileState): Promise<LoaderDocument[]> {
	const readings: OriginalsReading[] = [];
	for (const element of elements) {
		file.noteTitle(element);
		const reading = await readOrigElements(asObject(element.metadata), file.budget, file, options.coordinates);
		// Without originals (an element, or a chunk made without them) the element stands for itself.
		readings.push(reading ?? { summary: summarize([element], file, options.coordinates) });
	}
	const documents: LoaderDocument[] = [];
	elements.forEach((element, index) => {
		const document = elementDocument(element, readings[index] as OriginalsReading, origin, options, file);
		if (document) documents.push(document);
	});
	return documents;
}
