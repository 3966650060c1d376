import { classifyText, normalizeWhitespace, tableHtml } from './classify';
import type { Block, ElementType } from './types';

type Token = { kind: 'open' | 'close'; name: string; attrs: string } | { kind: 'text'; text: string };

const NAMED_ENTITIES: Record<string, string> = {
	amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', trade: '™', ndash: '–', mdash: '—', hellip: '…',
	euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', bull: '•', middot: '·', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
};

export function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
		if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
		if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
		return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
	});
}

const RAW_TEXT_TAGS = new Set(['script', 'style', 'head', 'template', 'noscript']);

function tokenize(html: string): Token[] {
	const tokens: Token[] = [];
	const tagPattern = /<!--[\s\S]*?-->|<![^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
	let last = 0;
	for (let match = tagPattern.exec(html); match !== null; match = tagPattern.exec(html)) {
		if (match.index > last) tokens.push({ kind: 'text', text: html.slice(last, match.index) });
		last = tagPattern.lastIndex;
		const name = match[1]?.toLowerCase();
		if (name === undefined) continue;
		if (match[0].startsWith('</')) {
			tokens.push({ kind: 'close', name, attrs: '' });
			continue;
		}
		tokens.push({ kind: 'open', name, attrs: match[2] ?? '' });
		if (RAW_TEXT_TAGS.has(name)) {
			const end = html.toLowerCase().indexOf(`</${name}`, last);
			last = end === -1 ? html.length : end;
			tagPattern.lastIndex = last;
		}
	}
	if (last < html.length) tokens.push({ kind: 'text', text: html.slice(last) });
	return tokens;
}

function attribute(attrs: string, name: string): string | undefined {
	const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
	if (!match) return undefined;
	return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
}

const BLOCK_TAGS = new Set([
	'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'blockquote', 'pre', 'ul', 'ol', 'li',
	'dl', 'dt', 'dd', 'figure', 'figcaption', 'address', 'body', 'html', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'form',
]);

function readTable(tokens: Token[], start: number): { rows: string[][]; next: number } {
	const rows: string[][] = [];
	let row: string[] | null = null;
	let cell: string | null = null;
	let depth = 0;
	let i = start;
	for (; i < tokens.length; i++) {
		const token = tokens[i];
		if (token === undefined) break;
		if (token.kind === 'text') {
			if (cell !== null) cell += decodeEntities(token.text);
			continue;
		}
		if (token.name === 'table') {
			depth += token.kind === 'open' ? 1 : -1;
			if (depth === 0) break;
			continue;
		}
		const closeCell = (): void => {
			if (cell !== null && row !== null) row.push(normalizeWhitespace(cell));
			cell = null;
		};
		if (token.kind === 'open' && token.name === 'tr') {
			closeCell();
			row = [];
			rows.push(row);
		} else if (token.kind === 'open' && (token.name === 'td' || token.name === 'th')) {
			closeCell();
			if (row === null) {
				row = [];
				rows.push(row);
			}
			cell = '';
		} else if (token.kind === 'close' && (token.name === 'td' || token.name === 'th' || token.name === 'tr')) {
			closeCell();
		} else if (token.kind === 'open' && token.name === 'br' && cell !== null) {
			cell += ' ';
		}
	}
	return { rows: rows.filter((cells) => cells.length > 0), next: i };
}

/** A deliberately small HTML reader: headings, paragraphs, list items, tables and images. */
export function parseHtml(html: string, startingPageNumber: number): { blocks: Block[]; pages: number } {
	const pageNumber = startingPageNumber;
	const tokens = tokenize(html);
	const blocks: Block[] = [];
	let buffer = '';
	let kind: { type: ElementType; depth?: number } | null = null;

	const flush = (): void => {
		const text = normalizeWhitespace(buffer);
		buffer = '';
		if (text === '') return;
		blocks.push({ type: kind?.type ?? classifyText(text), text, pageNumber, depth: kind?.depth });
	};

	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i];
		if (token === undefined) break;
		if (token.kind === 'text') {
			buffer += decodeEntities(token.text);
			continue;
		}
		if (RAW_TEXT_TAGS.has(token.name)) continue;
		if (token.kind === 'open' && token.name === 'table') {
			flush();
			const { rows, next } = readTable(tokens, i);
			i = next;
			const text = normalizeWhitespace(rows.map((row) => row.join(' ')).join(' '));
			if (text !== '') blocks.push({ type: 'Table', text, pageNumber, html: tableHtml(rows) });
			continue;
		}
		if (token.kind === 'open' && token.name === 'img') {
			flush();
			const alt = normalizeWhitespace(attribute(token.attrs, 'alt') ?? '');
			blocks.push({ type: 'Image', text: alt || `image ${attribute(token.attrs, 'src') ?? ''}`.trim(), pageNumber });
			continue;
		}
		if (!BLOCK_TAGS.has(token.name)) continue;
		flush();
		const heading = /^h([1-6])$/.exec(token.name);
		if (token.kind === 'open' && heading) kind = { type: 'Title', depth: Number(heading[1]) - 1 };
		else if (token.kind === 'open' && token.name === 'li') kind = { type: 'ListItem' };
		else kind = null;
	}
	flush();
	return { blocks, pages: 1 };
}
