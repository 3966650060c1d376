/**
 * package.json names one public repository everywhere n8n's verification and npm look (issue 25):
 * repository, bugs, homepage and the author all point to github.com/<owner>/<name>, which the
 * README states; publishing is set up for provenance and guarded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../e2e/lib/config';

interface PackageJson {
	name: string;
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string };
	author: { name: string; email: string; url: string };
	files: string[];
	publishConfig: Record<string, unknown>;
	scripts: Record<string, string>;
}
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;

describe('package.json metadata', () => {
	const repo = new URL(pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, ''));
	const [owner, name] = repo.pathname.split('/').filter(Boolean);

	it('names one GitHub repository in repository, bugs, homepage and author', () => {
		expect(pkg.repository.type).toBe('git');
		expect(pkg.repository.url).toBe(`git+https://github.com/${owner}/${name}.git`);
		expect(repo.host).toBe('github.com');
		expect(name).toBe(pkg.name);
		expect(pkg.bugs.url).toBe(`https://github.com/${owner}/${name}/issues`);
		expect(pkg.homepage).toBe(`https://github.com/${owner}/${name}#readme`);
		expect(pkg.author.url).toBe(`https://github.com/${owner}`);
		expect(pkg.author.email).toBe(`${owner}@users.noreply.github.com`);
	});

	it('the README names the same repository', () => {
		const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
		expect(readme).toContain(`[github.com/${owner}/${name}](https://github.com/${owner}/${name})`);
	});

	it('publishes dist/ and the changelog, always with provenance, only through the guard', () => {
		expect(pkg.files).toEqual(['dist', 'CHANGELOG.md']);
		expect(pkg.publishConfig).toEqual({ access: 'public', provenance: true });
		expect(pkg.scripts.prepublishOnly).toBe('node scripts/publish-guard.js');
		expect(pkg.scripts.release).toBe('node scripts/release.js');
	});
});
