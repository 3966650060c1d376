import type { ElementType } from './types';

const BULLET = /^\s*(?:[-*+•‣◦▪]|\d{1,3}[.)])\s+/;

export function isBulletLine(line: string): boolean {
	return BULLET.test(line);
}

export function stripBullet(line: string): string {
	return line.replace(BULLET, '').trim();
}

export function normalizeWhitespace(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}

/** The same cheap heuristics a layout-free partitioner uses: short unpunctuated lines are titles. */
export function classifyText(text: string): ElementType {
	const words = text.split(/\s+/).filter(Boolean);
	if (words.length === 0) return 'UncategorizedText';
	const endsLikeSentence = /[.!?:;,]["')\]]?$/.test(text);
	const hasLetters = /\p{L}/u.test(text);
	if (!hasLetters) return 'UncategorizedText';
	if (!endsLikeSentence && words.length <= 12 && text.length <= 100) return 'Title';
	if (words.length >= 3 || endsLikeSentence) return 'NarrativeText';
	return 'UncategorizedText';
}

/**
 * Turns the lines of one paragraph into blocks: bullet lines become list items, the
 * other consecutive lines are joined into one paragraph and classified.
 */
export function paragraphToBlocks(lines: string[]): Array<{ type: ElementType; text: string }> {
	const result: Array<{ type: ElementType; text: string }> = [];
	let pending: string[] = [];
	const flush = (): void => {
		const text = normalizeWhitespace(pending.join(' '));
		pending = [];
		if (text !== '') result.push({ type: classifyText(text), text });
	};
	for (const line of lines) {
		if (isBulletLine(line)) {
			flush();
			const text = normalizeWhitespace(stripBullet(line));
			if (text !== '') result.push({ type: 'ListItem', text });
		} else {
			pending.push(line);
		}
	}
	flush();
	return result;
}

export function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function tableHtml(rows: string[][]): string {
	const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
	return `<table>${body}</table>`;
}
