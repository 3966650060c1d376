import type { INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

/** Case-insensitive: does any of the texts contain the user's search? An empty search matches all. */
export function matchesSearch(filter: string | undefined, ...texts: Array<string | null | undefined>): boolean {
	const wanted = (filter ?? '').trim().toLowerCase();
	if (wanted === '') return true;
	return texts.some((text) => (text ?? '').toLowerCase().includes(wanted));
}

/** Lists the service returns whole are handed to the editor in pages, so a long list stays quick to show. */
export const LOCAL_PAGE_SIZE = 100;

export function localPage(results: INodeListSearchItems[], paginationToken?: string): INodeListSearchResult {
	const start = Number(paginationToken ?? 0);
	const from = Number.isInteger(start) && start > 0 ? start : 0;
	const end = from + LOCAL_PAGE_SIZE;
	return { results: results.slice(from, end), paginationToken: end < results.length ? String(end) : undefined };
}
