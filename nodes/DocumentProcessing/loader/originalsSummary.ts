import type { IDataObject } from 'n8n-workflow';
import { MAX_VALUE_CHARS } from './flatMetadata';

/**
 * What the loader keeps of a chunk's original elements: the few facts its metadata needs, read
 * in one pass with no spread and no sort, so a chunk of any number of elements costs one loop
 * and the parsed elements can be dropped at once (a file's chunks never hold their originals
 * all together).
 */
export interface OriginalsSummary {
	firstPage?: number;
	lastPage?: number;
	/** Distinct element types in the order met, at most MAX_TYPES. */
	types: string[];
	/** The first element's `parent_id` (its heading, in the service's hierarchy). */
	firstParentId?: string;
	/** The text of the first Title among the elements. */
	firstTitle?: string;
	/** The elements' boxes, only when asked, and only as many as a stored value can show. */
	coordinates?: unknown[];
}

/** Where the titles met go: the file's id → title map (fileState.ts). */
export interface TitleSink {
	noteTitle(element: IDataObject): void;
}

/** The service has about twenty element types; more distinct ones than this would be cut from the stored value anyway. */
const MAX_TYPES = 64;

export function asObject(value: unknown): IDataObject | undefined {
	return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as IDataObject) : undefined;
}

export function pageOf(element: IDataObject): number | undefined {
	const page = asObject(element.metadata)?.page_number;
	return typeof page === 'number' && Number.isInteger(page) ? page : undefined;
}

/** One pass over `elements`; `coordinates` set only when `withCoordinates`. */
export function summarize(elements: readonly unknown[], titles: TitleSink, withCoordinates: boolean): OriginalsSummary {
	const summary: OriginalsSummary = { types: [] };
	const seenTypes = new Set<string>();
	const boxes: unknown[] = [];
	// The JSON text of the boxes kept so far, roughly: past MAX_VALUE_CHARS the stored value is cut, so no more are needed.
	let boxChars = 0;
	let first = true;
	for (const entry of elements) {
		const element = asObject(entry);
		if (!element) continue;
		const metadata = asObject(element.metadata);
		if (first && typeof metadata?.parent_id === 'string') summary.firstParentId = metadata.parent_id;
		first = false;
		const page = pageOf(element);
		if (page !== undefined) {
			if (summary.firstPage === undefined || page < summary.firstPage) summary.firstPage = page;
			if (summary.lastPage === undefined || page > summary.lastPage) summary.lastPage = page;
		}
		const type = element.type;
		if (typeof type === 'string' && type !== '' && !seenTypes.has(type) && seenTypes.size < MAX_TYPES) {
			seenTypes.add(type);
			summary.types.push(type);
		}
		if (type === 'Title' && typeof element.text === 'string') {
			summary.firstTitle ??= element.text;
			titles.noteTitle(element);
		}
		if (withCoordinates && metadata?.coordinates !== undefined && boxChars <= MAX_VALUE_CHARS) {
			boxes.push(metadata.coordinates);
			boxChars += (JSON.stringify(metadata.coordinates) ?? '').length + 1;
		}
	}
	if (withCoordinates) summary.coordinates = boxes;
	return summary;
}
