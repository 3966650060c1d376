/**
 * `npm run release` (scripts/release.js) in a throw-away git repository with a package.json and a
 * CHANGELOG.md: the first release of the version already in package.json, then a patch release;
 * each dates the unreleased section, commits and tags, and refuses a dirty tree, another branch,
 * an empty "Unreleased" section and an existing tag. The workflow's release notes come from the
 * dated section (scripts/changelog.js section).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { baseEnv, REPO_ROOT } from '../../e2e/lib/config';
import { run, runOk } from '../../e2e/lib/proc';

const SCRIPTS = path.join(REPO_ROOT, 'scripts');
const today = new Date().toISOString().slice(0, 10);
const CHANGELOG = '# Changelog\n\nIntro.\n\n## [0.1.0] - Unreleased\n\nThe first release.\n\n- Partition files.\n';

describe('npm run release', () => {
	let repo = '';
	const env = baseEnv({ GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' });
	const git = async (...args: string[]) => (await runOk('git', args, { cwd: repo, env })).stdout.trim();
	const release = async (...args: string[]) =>
		await run(process.execPath, [path.join(SCRIPTS, 'release.js'), ...args, '--skip-checks'], { cwd: repo, env, timeoutMs: 60_000 });
	const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');
	const write = (file: string, text: string) => fs.writeFileSync(path.join(repo, file), text);
	const notes = async (version: string) => await run(process.execPath, [path.join(SCRIPTS, 'changelog.js'), 'section', version], { cwd: repo, env });

	beforeAll(async () => {
		repo = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
		await git('init', '-q', '-b', 'main');
		write('package.json', `${JSON.stringify({ name: 'release-test', version: '0.1.0', private: true }, null, 2)}\n`);
		write('CHANGELOG.md', CHANGELOG);
		await git('add', '-A');
		await git('commit', '-qm', 'Start');
	});

	afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

	it('releases the version package.json already has: dated section, commit, annotated tag', async () => {
		expect((await notes('0.1.0')).exitCode).toBe(1);
		const result = await release('0.1.0');
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain('git push --atomic origin main v0.1.0');
		expect(read('CHANGELOG.md')).toBe(`# Changelog\n\nIntro.\n\n## Unreleased\n\n## [0.1.0] - ${today}\n\nThe first release.\n\n- Partition files.\n`);
		expect(await git('log', '-1', '--format=%s')).toBe('Release 0.1.0');
		expect(await git('status', '--porcelain')).toBe('');
		expect(await git('cat-file', '-t', 'v0.1.0')).toBe('tag');
		expect(await git('rev-parse', 'v0.1.0^{commit}')).toBe(await git('rev-parse', 'HEAD'));
		expect((await notes('0.1.0')).stdout).toBe('The first release.\n\n- Partition files.\n');
	});

	it('refuses an empty "Unreleased", an existing tag, a dirty tree and another branch', async () => {
		expect((await release('patch')).stderr).toContain('"Unreleased" section lists no change');
		expect((await release('0.1.0')).stderr).toContain('the tag v0.1.0 exists already');
		expect((await release('0.0.9')).stderr).toContain('0.0.9 is lower than');
		write('CHANGELOG.md', read('CHANGELOG.md').replace('## Unreleased\n', '## Unreleased\n\n- Cancel jobs.\n'));
		expect((await release('patch')).stderr).toContain('uncommitted changes');
		await git('commit', '-qam', 'Cancel jobs');
		await git('checkout', '-qb', 'feature');
		expect((await release('patch')).stderr).toContain('releases are made from main');
		await git('checkout', '-q', 'main');
	});

	it('a patch release bumps package.json and moves the entries under the new version', async () => {
		const result = await release('patch');
		expect(result.exitCode).toBe(0);
		expect((JSON.parse(read('package.json')) as { version: string }).version).toBe('0.1.1');
		expect(read('CHANGELOG.md')).toContain(`## Unreleased\n\n## [0.1.1] - ${today}\n\n- Cancel jobs.\n\n## [0.1.0] - ${today}\n`);
		expect(await git('describe', '--exact-match', 'HEAD')).toBe('v0.1.1');
		expect((await notes('0.1.1')).stdout).toBe('- Cancel jobs.\n');
	});
});
