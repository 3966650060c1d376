import type { IDataObject } from 'n8n-workflow';
import { gunzipWithin } from './gunzip';

/**
 * Most a chunk's `orig_elements` may inflate to. A chunk holds at most a few thousand
 * characters of text, so its elements' JSON is small; this only stops a hostile answer.
 */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

/**
 * The elements a chunk was made of. The service sends them as `metadata.orig_elements`, base64
 * of gzipped JSON (the default `include_orig_elements`); an array is taken as it is (elements
 * saved by another tool). Undefined when there are none or they cannot be read: the chunk's own
 * metadata then stands alone.
 */
export function origElementsOf(metadata: IDataObject | undefined): IDataObject[] | undefined {
	const raw = metadata?.orig_elements;
	if (Array.isArray(raw)) return raw.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null);
	if (typeof raw !== 'string' || raw === '') return undefined;
	try {
		const json = Buffer.from(gunzipWithin(Buffer.from(raw, 'base64'), MAX_INFLATED_BYTES)).toString('utf8');
		const parsed: unknown = JSON.parse(json);
		return Array.isArray(parsed) ? parsed.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null) : undefined;
	} catch {
		// Not gzipped JSON (or over the bound): the chunk keeps its own page number and type.
		return undefined;
	}
}
