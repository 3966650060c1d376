/**
 * Elements (or any other JSON a job produced) as one text a language model can read: titles as
 * headings, tables as rows, page markers, extracted data as compact JSON, cut to a length limit
 * with a marker that says so.
 */
import { largest } from '../helpers/arrays';

export type TextFormat = 'markdown' | 'plain';

export interface TextOptions {
	format: TextFormat;
	/** Longest text returned, marker included; 0 for no limit. */
	maxLength: number;
}

export interface ShapedText {
	text: string;
	truncated: boolean;
	/** Length of the whole text before any cut. */
	total_characters: number;
}

export const DEFAULT_MAX_TEXT_LENGTH = 20_000;

interface ElementLike {
	type?: unknown;
	text?: unknown;
	metadata?: { page_number?: unknown; category_depth?: unknown; text_as_html?: unknown };
}

/** What one file holds: elements, extracted data, or both (an extraction step in `elements_with_extracted_data` mode). */
export interface TextSource {
	elements?: object[];
	extractedData?: unknown;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
			return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
		}
		return ENTITIES[name.toLowerCase()] ?? whole;
	});
}

/** The cells of an HTML table, row by row; good enough for the simple tables partitioning returns. */
export function tableRows(html: string): string[][] {
	const rows: string[][] = [];
	for (const row of html.match(/<tr[\s>][\s\S]*?<\/tr>/gi) ?? []) {
		const cells = (row.match(/<t[dh][\s>][\s\S]*?<\/t[dh]>/gi) ?? []).map((cell) =>
			decodeEntities(cell.replace(/<[^>]*>/g, ' '))
				.replace(/\s+/g, ' ')
				.trim(),
		);
		if (cells.length > 0) rows.push(cells);
	}
	return rows;
}

function tableText(rows: string[][], format: TextFormat): string {
	if (format === 'plain') return rows.map((cells) => cells.join(' | ')).join('\n');
	const width = largest(rows.map((cells) => cells.length), 0);
	const line = (cells: string[]) =>
		`| ${Array.from({ length: width }, (_, index) => (cells[index] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
	return [line(rows[0]), `| ${Array(width).fill('---').join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

function compactJson(value: unknown): string {
	return JSON.stringify(value) ?? 'null';
}

function elementText(element: ElementLike, format: TextFormat): string | undefined {
	const text = typeof element.text === 'string' ? element.text.trim() : '';
	const metadata = element.metadata ?? {};
	switch (element.type) {
		// Page markers stand for page breaks; the extraction a DocumentData element carries comes first, as JSON.
		case 'PageBreak':
		case 'DocumentData':
			return undefined;
		case 'Title': {
			if (text === '' || format === 'plain') return text || undefined;
			const depth = typeof metadata.category_depth === 'number' ? metadata.category_depth : 0;
			return `${'#'.repeat(Math.min(6, Math.max(1, depth + 1)))} ${text}`;
		}
		case 'ListItem':
			return text === '' ? undefined : `- ${text}`;
		case 'Table': {
			const rows = typeof metadata.text_as_html === 'string' ? tableRows(metadata.text_as_html) : [];
			return rows.length > 0 ? tableText(rows, format) : text || undefined;
		}
		case 'Image':
			return text === '' ? undefined : `[Image: ${text}]`;
		default:
			return text || undefined;
	}
}

function pageMarker(page: number, format: TextFormat): string {
	return format === 'markdown' ? `<!-- page ${page} -->` : `--- page ${page} ---`;
}

function elementsText(elements: ElementLike[], format: TextFormat): string {
	const blocks: string[] = [];
	// A one-page document gets no markers: they would only add noise.
	const pages = new Set(elements.map((element) => element.metadata?.page_number).filter((page) => typeof page === 'number'));
	let page: unknown;
	for (const element of elements) {
		const current = element.metadata?.page_number;
		if (pages.size > 1 && typeof current === 'number' && current !== page) {
			blocks.push(pageMarker(current, format));
			page = current;
		}
		const text = elementText(element, format);
		if (text !== undefined) blocks.push(text);
	}
	return blocks.join('\n\n');
}

/** Cuts at a line end near the limit when there is one, so the last line is not half a word. */
function truncate(text: string, maxLength: number): string {
	const marker = (shown: number) => `\n\n[… truncated: ${shown} of ${text.length} characters shown]`;
	let budget = Math.max(0, maxLength - marker(text.length).length);
	const lineEnd = text.lastIndexOf('\n', budget);
	if (lineEnd > budget * 0.8) budget = lineEnd;
	const kept = text.slice(0, budget).trimEnd();
	return `${kept}${marker(kept.length)}`.slice(0, maxLength);
}

/** Elements become readable text; extracted data becomes compact JSON, ahead of the elements when there are both. */
export function contentToText(source: TextSource, options: TextOptions): ShapedText {
	const elements = elementsText((source.elements ?? []) as ElementLike[], options.format);
	let full = elements;
	if (source.extractedData !== undefined) {
		full = source.elements?.length ? `Extracted data: ${compactJson(source.extractedData)}\n\n${elements}`.trimEnd() : compactJson(source.extractedData);
	}
	const truncated = options.maxLength > 0 && full.length > options.maxLength;
	return { text: truncated ? truncate(full, options.maxLength) : full, truncated, total_characters: full.length };
}
