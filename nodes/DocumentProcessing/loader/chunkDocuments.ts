import type { IDataObject } from 'n8n-workflow';
import { setFlat, withoutKeys, type FlatMetadata } from './flatMetadata';
import { origElementsOf } from './origElements';

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

function asObject(value: unknown): IDataObject | undefined {
	return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as IDataObject) : undefined;
}

function pageOf(element: IDataObject): number | undefined {
	const page = asObject(element.metadata)?.page_number;
	return typeof page === 'number' && Number.isInteger(page) ? page : undefined;
}

function distinct(values: Array<string | undefined>): string[] {
	return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

/**
 * The section a chunk belongs to: the first Title among its elements, else the Title its first
 * element's `parent_id` points at (looked up among the file's elements, when they are at hand).
 */
function sectionTitle(members: IDataObject[], titles: ReadonlyMap<string, string>): string | undefined {
	const title = members.find((member) => member.type === 'Title' && typeof member.text === 'string');
	if (title) return title.text as string;
	const parent = asObject(members[0]?.metadata)?.parent_id;
	return typeof parent === 'string' ? titles.get(parent) : undefined;
}

/** Title texts by element id, across the file's elements and their original elements. */
export function titlesById(elements: IDataObject[], members: Array<IDataObject[] | undefined>): Map<string, string> {
	const titles = new Map<string, string>();
	const visit = (element: IDataObject): void => {
		if (element.type === 'Title' && typeof element.element_id === 'string' && typeof element.text === 'string') titles.set(element.element_id, element.text);
	};
	elements.forEach((element, index) => {
		visit(element);
		for (const member of members[index] ?? []) visit(member);
	});
	return titles;
}

/**
 * One chunk (or element) as a document: its text (a table's HTML on request) and flat metadata.
 * Page numbers, types and the section come from the chunk's original elements where the service
 * sent them, else from the chunk itself.
 */
export function elementDocument(
	element: IDataObject,
	/** The chunk's original elements (origElementsOf), undefined when the service sent none. */
	origElements: IDataObject[] | undefined,
	chunkIndex: number,
	origin: ElementOrigin,
	options: DocumentOptions,
	titles: ReadonlyMap<string, string>,
): LoaderDocument | undefined {
	const type = typeof element.type === 'string' ? element.type : undefined;
	const own = asObject(element.metadata) ?? {};
	const html = typeof own.text_as_html === 'string' && own.text_as_html !== '' ? own.text_as_html : undefined;
	const text = options.tablesAsHtml && type && TABLE_TYPES.has(type) && html ? html : typeof element.text === 'string' ? element.text : '';
	if (text.trim() === '') return undefined;

	const members = origElements ?? [element];
	const pages = [...members.map(pageOf), pageOf(element)].filter((page): page is number => page !== undefined);
	const first = pages.length ? Math.min(...pages) : undefined;
	const last = pages.length ? Math.max(...pages) : undefined;

	const metadata: FlatMetadata = {};
	setFlat(metadata, 'file_name', origin.fileName ?? own.filename);
	setFlat(metadata, 'file_type', own.filetype);
	setFlat(metadata, 'page_number', first);
	setFlat(metadata, 'last_page_number', last);
	setFlat(metadata, 'page_range', first === undefined ? undefined : first === last ? String(first) : `${first}-${last}`);
	setFlat(metadata, 'element_type', type);
	setFlat(metadata, 'element_types', distinct(members.map((member) => (typeof member.type === 'string' ? member.type : undefined))));
	setFlat(metadata, 'element_id', element.element_id);
	setFlat(metadata, 'parent_id', own.parent_id);
	setFlat(metadata, 'section_title', sectionTitle(members, titles));
	setFlat(metadata, 'chunk_index', chunkIndex);
	setFlat(metadata, 'languages', own.languages);
	setFlat(metadata, 'item_index', origin.itemIndex);
	setFlat(metadata, 'job_id', origin.jobId);
	// A chunk has no box of its own: its elements' boxes stand for it.
	if (options.coordinates) setFlat(metadata, 'coordinates', own.coordinates ?? members.map((member) => asObject(member.metadata)?.coordinates).filter((box) => box !== undefined));
	for (const [key, value] of options.extra) setFlat(metadata, key, value);
	return { pageContent: text, metadata: withoutKeys(metadata, options.leaveOut) };
}

/** The documents of one file's elements, chunk indexes counted in the file's order. */
export function fileDocuments(elements: IDataObject[], origin: ElementOrigin, options: DocumentOptions): LoaderDocument[] {
	// Each chunk's original elements are decoded once, for the titles and for the chunk itself.
	const members = elements.map((element) => origElementsOf(asObject(element.metadata)));
	const titles = titlesById(elements, members);
	const documents: LoaderDocument[] = [];
	elements.forEach((element, index) => {
		const document = elementDocument(element, members[index], documents.length, origin, options, titles);
		if (document) documents.push(document);
	});
	return documents;
}
