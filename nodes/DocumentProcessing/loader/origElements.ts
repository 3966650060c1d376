import type { IDataObject } from 'n8n-workflow';
import { summarize, type OriginalsSummary, type TitleSink } from './originalsSummary';
import { unzipWithin } from './unzip';

/**
 * A chunk's original elements: the service sends them as `metadata.orig_elements`, base64 of
 * the elements' JSON compressed with zlib (`elements_to_base64_gzipped_json` in the service's
 * library calls `zlib.compress`, despite its name); gzip is read too (header-detected), and an
 * array is taken as it is (elements saved by another tool). Each chunk is inflated and parsed
 * alone and reduced to its summary, under bounds that stop a hostile or broken answer: a
 * chunk that passes one is stored without the keys its originals would give, and its document
 * says why in `orig_elements_skipped`.
 */

const MIB = 1024 * 1024;
/** Most one chunk's originals may inflate to: a chunk holds a few thousand characters, its elements' JSON a few KB. */
export const MAX_CHUNK_INFLATED_BYTES = 4 * MIB;
/** Most all the chunks of one file may inflate to together (a 1,000-page PDF's originals are about 10 MiB). */
export const MAX_FILE_INFLATED_BYTES = 64 * MIB;
/** Most original elements of one chunk, and of one file. */
export const MAX_CHUNK_ELEMENTS = 10_000;
export const MAX_FILE_ELEMENTS = 200_000;

/** What one file has spent so far (fileState.ts keeps one per file). */
export interface OriginalsBudget {
	inflatedBytes: number;
	elements: number;
}

export type OriginalsReading = { summary: OriginalsSummary } | { skipped: string };

const count = (value: number): string => value.toLocaleString('en-US');

function parsedElements(json: string): unknown[] | undefined {
	try {
		const parsed: unknown = JSON.parse(json);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

async function inflated(raw: string, budget: OriginalsBudget): Promise<Buffer | { skipped: string }> {
	const left = MAX_FILE_INFLATED_BYTES - budget.inflatedBytes;
	if (left <= 0) return { skipped: `the file's original elements passed ${MAX_FILE_INFLATED_BYTES / MIB} MiB inflated, the loader's bound per file` };
	const cap = Math.min(MAX_CHUNK_INFLATED_BYTES, left);
	const unzipped = await unzipWithin(Buffer.from(raw, 'base64'), cap);
	if ('bytes' in unzipped) {
		budget.inflatedBytes += unzipped.bytes.length;
		return unzipped.bytes;
	}
	if ('invalid' in unzipped) return { skipped: `orig_elements is not base64 of zlib or gzip data: ${unzipped.invalid}` };
	// What was inflated before the stop is spent.
	budget.inflatedBytes += cap;
	return cap < MAX_CHUNK_INFLATED_BYTES
		? { skipped: `the file's original elements passed ${MAX_FILE_INFLATED_BYTES / MIB} MiB inflated, the loader's bound per file` }
		: { skipped: `orig_elements inflates past ${MAX_CHUNK_INFLATED_BYTES / MIB} MiB, the loader's bound per chunk` };
}

function counted(elements: unknown[], budget: OriginalsBudget): { skipped: string } | undefined {
	budget.elements += elements.length;
	if (elements.length > MAX_CHUNK_ELEMENTS) return { skipped: `orig_elements holds ${count(elements.length)} elements, over the loader's bound of ${count(MAX_CHUNK_ELEMENTS)} per chunk` };
	if (budget.elements > MAX_FILE_ELEMENTS) return { skipped: `the file's chunks hold over ${count(MAX_FILE_ELEMENTS)} original elements, the loader's bound per file` };
	return undefined;
}

/**
 * The summary of a chunk's original elements, or why they were not read; undefined when the
 * chunk has none (an element, or a chunk made without `include_orig_elements`).
 */
export async function readOrigElements(metadata: IDataObject | undefined, budget: OriginalsBudget, titles: TitleSink, withCoordinates: boolean): Promise<OriginalsReading | undefined> {
	const raw = metadata?.orig_elements;
	if (Array.isArray(raw)) return counted(raw, budget) ?? { summary: summarize(raw, titles, withCoordinates) };
	if (typeof raw !== 'string' || raw === '') return undefined;
	const bytes = await inflated(raw, budget);
	if (!Buffer.isBuffer(bytes)) return bytes;
	const elements = parsedElements(bytes.toString('utf8'));
	if (!elements) return { skipped: 'orig_elements is not a JSON array of elements' };
	return counted(elements, budget) ?? { summary: summarize(elements, titles, withCoordinates) };
}
