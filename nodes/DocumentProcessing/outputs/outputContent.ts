import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../helpers/jsonValue';

/**
 * What an output file holds. The service writes either an element array (partitioning and
 * prompter nodes, and an extractor in `elements_with_extracted_data` mode, whose first element is
 * a `DocumentData` element carrying the extraction) or, in `extracted_data_only` mode, the
 * extracted JSON alone: an object or an array of objects.
 */
export interface OutputContent {
	elements?: IDataObject[];
	extractedData?: unknown;
}

function isElement(value: unknown): value is IDataObject {
	return isObject(value) && typeof value.type === 'string' && typeof value.element_id === 'string';
}

/** The extraction an element carries, if any (a `DocumentData` element by the documentation; any element is tolerated). */
function carriedExtraction(element: IDataObject): unknown {
	return isObject(element.metadata) ? element.metadata.extracted_data : undefined;
}

/**
 * Tells the two apart by shape: an array whose entries are all elements (`type` and
 * `element_id`) is an element array; anything else is extracted data. An empty array counts as
 * no elements, which is what both modes mean by it.
 */
export function readOutputContent(content: unknown): OutputContent {
	if (!Array.isArray(content) || !content.every(isElement)) return { extractedData: content };
	const elements = content as IDataObject[];
	const carrier =
		elements.find((element) => element.type === 'DocumentData' && carriedExtraction(element) !== undefined) ??
		elements.find((element) => carriedExtraction(element) !== undefined);
	return carrier ? { elements, extractedData: carriedExtraction(carrier) } : { elements };
}

/** Extracted data as records: an array gives one per entry, anything else is one record. */
export function extractedRecords(extractedData: unknown): unknown[] {
	return Array.isArray(extractedData) ? extractedData : [extractedData];
}
