import { normalizeWhitespace, paragraphToBlocks, tableHtml } from './classify';
import type { Block } from './types';

function stripInline(text: string): string {
	return normalizeWhitespace(
		text
			.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/\*\*(.+?)\*\*/g, '$1')
			.replace(/(^|\W)__(.+?)__(?=\W|$)/g, '$1$2')
			.replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
			.replace(/(^|\W)_(\S(?:.*?\S)?)_(?=\W|$)/g, '$1$2')
			.replace(/`([^`]*)`/g, '$1'),
	);
}

function tableCells(line: string): string[] {
	return line
		.trim()
		.replace(/^\|/, '')
		.replace(/\|$/, '')
		.split('|')
		.map((cell) => stripInline(cell));
}

const isTableSeparator = (line: string): boolean => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);

export function parseMarkdown(source: string, startingPageNumber: number): { blocks: Block[]; pages: number } {
	const pageNumber = startingPageNumber;
	const lines = source.split(/\r?\n/);
	const blocks: Block[] = [];
	let paragraph: string[] = [];

	const flushParagraph = (): void => {
		for (const block of paragraphToBlocks(paragraph.map(stripInlineKeepingBullet))) blocks.push({ ...block, pageNumber });
		paragraph = [];
	};

	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? '';
		const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
		if (heading) {
			flushParagraph();
			const text = stripInline(heading[2] ?? '');
			if (text !== '') blocks.push({ type: 'Title', text, pageNumber, depth: (heading[1] ?? '#').length - 1 });
			continue;
		}
		if (/^\s*```/.test(line)) {
			flushParagraph();
			const code: string[] = [];
			for (i += 1; i < lines.length && !/^\s*```/.test(lines[i] ?? ''); i++) code.push(lines[i] ?? '');
			const text = code.join('\n').trim();
			if (text !== '') blocks.push({ type: 'CodeSnippet', text, pageNumber });
			continue;
		}
		if (/^\s*\|/.test(line)) {
			flushParagraph();
			const rows: string[][] = [];
			for (; i < lines.length && /^\s*\|/.test(lines[i] ?? ''); i++) {
				const row = lines[i] ?? '';
				if (!isTableSeparator(row)) rows.push(tableCells(row));
			}
			i -= 1;
			const text = normalizeWhitespace(rows.map((row) => row.join(' ')).join(' '));
			if (text !== '') blocks.push({ type: 'Table', text, pageNumber, html: tableHtml(rows) });
			continue;
		}
		const image = /^\s*!\[([^\]]*)\]\(([^)]*)\)\s*$/.exec(line);
		if (image) {
			flushParagraph();
			blocks.push({ type: 'Image', text: normalizeWhitespace(image[1] ?? '') || `image ${image[2] ?? ''}`.trim(), pageNumber });
			continue;
		}
		if (line.trim() === '' || /^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
			flushParagraph();
			continue;
		}
		paragraph.push(line.replace(/^\s*>\s?/, ''));
	}
	flushParagraph();
	return { blocks, pages: 1 };
}

function stripInlineKeepingBullet(line: string): string {
	const bullet = /^(\s*(?:[-*+]|\d{1,3}[.)])\s+)/.exec(line);
	if (!bullet) return stripInline(line);
	return `${bullet[1] ?? ''}${stripInline(line.slice((bullet[1] ?? '').length))}`;
}
