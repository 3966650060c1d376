/**
 * The project's Markdown pages, who they are written for, and how long they are (issue 52: the
 * user pages at most 15,000 words in all, the contributor pages at most 12,000).
 *
 * Who a page is for follows the project's own rule: a page under docs/ whose name speaks of the
 * code (architecture, testing, emulator, benchmarks, contributing, releasing, development,
 * internals, reliability) is a contributor page, every other page under docs/ and the README are
 * user pages, CONTRIBUTING.md is a contributor page. The READMEs of the test harnesses
 * (test/e2e/README.md, test/harness/README.md) are read by contributors and counted with them.
 * Other pages (the CHANGELOG, sample documents, licences) count for neither.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Audience = 'user' | 'contributor' | 'neither';

export const WORD_BUDGETS: Record<Exclude<Audience, 'neither'>, number> = { user: 15_000, contributor: 12_000 };

const CONTRIBUTOR_NAME = /(architecture|testing|tests|emulator|benchmark|contribut|release|development|internals|reliability)/i;

export function audienceOf(page: string): Audience {
	const normalised = page.split(path.sep).join('/');
	if (normalised === 'README.md') return 'user';
	if (normalised === 'CONTRIBUTING.md') return 'contributor';
	if (/^test\/[^/]+\/README\.md$/.test(normalised)) return 'contributor';
	if (/^docs\/[^/]+\.md$/.test(normalised)) return CONTRIBUTOR_NAME.test(path.basename(normalised)) ? 'contributor' : 'user';
	return 'neither';
}

/** Words as `wc -w` counts them: runs of characters between whitespace, code and tables included. */
export function wordCount(text: string): number {
	return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Every Markdown page of the checkout: tracked or new (not ignored), outside node_modules. */
export function markdownPages(root: string): string[] {
	let listed: string[];
	try {
		listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], { cwd: root, encoding: 'utf8' })
			.split('\n')
			.filter((line) => line !== '');
	} catch {
		listed = walk(root, '');
	}
	return listed.filter((page) => !page.split('/').includes('node_modules') && fs.existsSync(path.join(root, page))).sort();
}

/** Without git (an unpacked tarball): every .md file but those in node_modules and dot-folders. */
function walk(root: string, dir: string): string[] {
	const pages: string[] = [];
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) pages.push(...walk(root, relative));
		} else if (entry.name.endsWith('.md')) pages.push(relative);
	}
	return pages;
}

/** The words of each audience's pages, and the pages counted. */
export function wordTotals(root: string, pages: string[]): Record<Exclude<Audience, 'neither'>, { words: number; pages: Array<[string, number]> }> {
	const totals = { user: { words: 0, pages: [] as Array<[string, number]> }, contributor: { words: 0, pages: [] as Array<[string, number]> } };
	for (const page of pages) {
		const audience = audienceOf(page);
		if (audience === 'neither') continue;
		const words = wordCount(fs.readFileSync(path.join(root, page), 'utf8'));
		totals[audience].words += words;
		totals[audience].pages.push([page, words]);
	}
	return totals;
}
