/**
 * Issue 33: the README is a front page whose details live in docs/, so a moved section must never
 * leave a dead link behind. Every relative link (and its anchor) in README.md, CONTRIBUTING.md and
 * docs/*.md has to reach an existing file and heading.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { anchorsOf, deadReason, headingSlug, relativeLinks } from './support/markdown-links';

const ROOT = path.resolve(__dirname, '..', '..');
const PAGES = ['README.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('relative links of the documentation', () => {
	it.each(PAGES)('%s has no dead relative link or anchor', (page) => {
		const dead = relativeLinks(ROOT, page)
			.map((link) => ({ link, reason: deadReason(ROOT, link) }))
			.filter((entry) => entry.reason !== undefined)
			.map(({ link, reason }) => `${link.page}:${link.line} → ${link.target}: ${reason}`);
		expect(dead).toEqual([]);
	});

	it('reads anchors as GitHub renders them', () => {
		expect(headingSlug('Create Job — `job` / `create`')).toBe('create-job--job--create');
		expect(headingSlug('Source Connector → Create examples')).toBe('source-connector--create-examples');
		expect(headingSlug('Pause mode (`npm run bench:pause`)')).toBe('pause-mode-npm-run-benchpause');
		expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n<a id="kept"></a>')]).toEqual(['a', 'a-1', 'kept']);
	});

	it('finds a dead file and a dead anchor', () => {
		const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'doc-links-'));
		fs.writeFileSync(path.join(dir, 'page.md'), '# Title\n[ok](#title) [gone](missing.md) [bad](#nowhere) `[code](x.md)` [web](https://example.com)\n');
		const reasons = relativeLinks(dir, 'page.md').map((link) => deadReason(dir, link));
		expect(reasons).toEqual([undefined, 'no file missing.md', 'no heading or anchor "#nowhere" in page.md']);
		fs.rmSync(dir, { recursive: true, force: true });
	});
});
