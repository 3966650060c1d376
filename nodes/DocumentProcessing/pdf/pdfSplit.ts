/**
 * Planning of client-side PDF splitting: which page ranges go out as separate partition requests.
 * Pure arithmetic, so the rule is unit-tested and documented in one place.
 */

/** Pages of the source document, 1-based and inclusive. */
export interface PageRange {
	first: number;
	last: number;
}

export const DEFAULT_SPLIT_CONCURRENCY = 5;
/** The official SDK and the service's documentation allow at most 15 parallel split requests. */
export const MAX_SPLIT_CONCURRENCY = 15;
/**
 * A range pays the per-request cost (upload, queueing, model start-up) once, so a one-page range
 * is only made when the document or the page range has a single page.
 */
export const MIN_PAGES_PER_RANGE = 2;
/**
 * Bounds the work a slow or retried range holds up and the memory a range takes
 * (concurrency × this many pages in flight at most).
 */
export const MAX_PAGES_PER_RANGE = 20;

export function pageCount(range: PageRange): number {
	return range.last - range.first + 1;
}

export function clampConcurrency(requested: number): number {
	if (!Number.isFinite(requested)) return DEFAULT_SPLIT_CONCURRENCY;
	return Math.min(MAX_SPLIT_CONCURRENCY, Math.max(1, Math.floor(requested)));
}

/**
 * Splits `span` into ranges for `concurrency` parallel requests.
 *
 * The number of ranges is the smallest multiple of the concurrency that keeps every range at
 * most MAX_PAGES_PER_RANGE pages, so every wave of requests is full; the pages are then spread
 * as evenly as possible (sizes differ by at most one, larger ranges first). With the work per page
 * roughly even, all slots finish together and no range is left running alone at the end: e.g.
 * 310 pages at concurrency 5 become 20 ranges of 15–16 pages (62 pages per slot, the optimum),
 * where the SDK's fixed 20-page ranges leave a 10-page range running after the others (70).
 */
export function planPageRanges(span: PageRange, concurrency: number): PageRange[] {
	const pages = pageCount(span);
	if (pages <= 0) return [];
	const slots = clampConcurrency(concurrency);
	const fullWaves = slots * Math.ceil(pages / (slots * MAX_PAGES_PER_RANGE));
	const count = Math.max(1, Math.min(fullWaves, Math.floor(pages / MIN_PAGES_PER_RANGE)));
	const base = Math.floor(pages / count);
	const larger = pages % count;
	const ranges: PageRange[] = [];
	let first = span.first;
	for (let index = 0; index < count; index++) {
		const size = base + (index < larger ? 1 : 0);
		ranges.push({ first, last: first + size - 1 });
		first += size;
	}
	return ranges;
}

/** A page range as a user types it: `5`, `5-20`, `5-` (to the end); empty means all pages. */
export function parsePageRange(text: string): { first: number; last?: number } | undefined {
	const trimmed = text.trim();
	if (trimmed === '') return undefined;
	const match = /^(\d+)\s*(?:(-)\s*(\d+)?)?$/.exec(trimmed.replace(/[–—]/g, '-'));
	if (!match) throw new Error(`"${text}" is not a page range such as 5-20`);
	const first = Number(match[1]);
	const last = match[2] === undefined ? first : match[3] === undefined ? undefined : Number(match[3]);
	if (first < 1) throw new Error(`"${text}": pages are numbered from 1`);
	if (last !== undefined && last < first) throw new Error(`"${text}": the last page comes before the first`);
	return { first, last };
}

/** The requested range within a document of `pages` pages; pages past the end are left out. */
export function resolvePageRange(requested: { first: number; last?: number } | undefined, pages: number): PageRange {
	if (!requested) return { first: 1, last: pages };
	if (requested.first > pages) {
		throw new Error(`it starts at page ${requested.first}, but the document has ${pages} page${pages === 1 ? '' : 's'}`);
	}
	return { first: requested.first, last: Math.min(requested.last ?? pages, pages) };
}

export function describeRange(range: PageRange): string {
	return range.first === range.last ? `page ${range.first}` : `pages ${range.first}–${range.last}`;
}
