/**
 * The documentation is a set of task pages (issue 52): every relative link and anchor in every
 * Markdown page of the checkout reaches an existing file and heading, and the user and contributor
 * pages stay within their word budgets. The counts are printed on every run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { audienceOf, markdownPages, WORD_BUDGETS, wordCount, wordTotals } from './support/doc-pages';
import { anchorsOf, deadReason, headingSlug, relativeLinks } from './support/markdown-links';

const ROOT = path.resolve(__dirname, '..', '..');
const PAGES = markdownPages(ROOT);

describe('relative links of the documentation', () => {
	it('finds the pages: README, CONTRIBUTING, docs/ and the harness READMEs', () => {
		expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'test/e2e/README.md', 'docs/testing.md']));
		expect(PAGES.some((page) => page.includes('node_modules'))).toBe(false);
	});

	it.each(PAGES)('%s has no dead relative link or anchor', (page) => {
		const dead = relativeLinks(ROOT, page)
			.map((link) => ({ link, reason: deadReason(ROOT, link) }))
			.filter(({ reason }) => reason !== undefined)
			.map(({ link, reason }) => `${link.page}:${link.line} → ${link.target}: ${reason}`);
		expect(dead).toEqual([]);
	});

	it('reads anchors as GitHub renders them', () => {
		expect(headingSlug('Create Job — `job` / `create`')).toBe('create-job--job--create');
		expect(headingSlug('Source Connector → Create examples')).toBe('source-connector--create-examples');
		expect(headingSlug('Pause mode (`npm run bench:pause`)')).toBe('pause-mode-npm-run-benchpause');
		expect(headingSlug("Pause mode's limits")).toBe('pause-modes-limits');
		expect(headingSlug('Files in: binary data or File URL')).toBe('files-in-binary-data-or-file-url');
		expect([...anchorsOf('# A\n## A\n### A\n```\n# not a heading\n```\n<a id="kept"></a>')]).toEqual(['a', 'a-1', 'a-2', 'kept']);
	});

	it('finds a dead file and a dead anchor', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-links-'));
		fs.writeFileSync(path.join(dir, 'other.md'), '# Other page\n## Twice\n## Twice\n');
		fs.writeFileSync(
			path.join(dir, 'page.md'),
			'# Title\n[ok](#title) [gone](missing.md) [bad](#nowhere) `[code](x.md)` [web](https://example.com) [there](other.md#twice-1) [not there](other.md#twice-2) ![pic](pic.png)\n',
		);
		const reasons = relativeLinks(dir, 'page.md').map((link) => deadReason(dir, link));
		expect(reasons).toEqual([
			undefined,
			'no file missing.md',
			'no heading or anchor "#nowhere" in page.md',
			undefined,
			'no heading or anchor "#twice-2" in other.md',
			'no file pic.png',
		]);
		fs.rmSync(dir, { recursive: true, force: true });
	});
});

describe('word budgets of the documentation', () => {
	it('classifies pages as the project does', () => {
		expect(['README.md', 'docs/security.md', 'docs/reading-documents.md', 'docs/choices.md'].map(audienceOf)).toEqual(['user', 'user', 'user', 'user']);
		expect(['CONTRIBUTING.md', 'docs/testing.md', 'docs/benchmarks.md', 'docs/emulator.md', 'docs/architecture.md', 'docs/release-notes.md', 'test/e2e/README.md'].map(audienceOf)).toEqual(
			Array(7).fill('contributor'),
		);
		expect(['CHANGELOG.md', 'test/demo/samples/meeting-notes.md', 'docs/sub/page.md'].map(audienceOf)).toEqual(['neither', 'neither', 'neither']);
		expect(wordCount('  two words\n| a | table |\n```\ncode\n```')).toBe(10);
	});

	it('keeps the user pages within 15,000 words and the contributor pages within 12,000', () => {
		const totals = wordTotals(ROOT, PAGES);
		const lines = (['user', 'contributor'] as const).map(
			(audience) =>
				`${audience} pages: ${totals[audience].words} words (budget ${WORD_BUDGETS[audience]}): ` +
				totals[audience].pages.map(([page, words]) => `${page} ${words}`).join(', '),
		);
		console.log(lines.join('\n'));
		expect(totals.user.words).toBeGreaterThan(1_000);
		expect(totals.contributor.words).toBeGreaterThan(1_000);
		expect({ user: totals.user.words <= WORD_BUDGETS.user, contributor: totals.contributor.words <= WORD_BUDGETS.contributor }).toEqual({ user: true, contributor: true });
	});
});
