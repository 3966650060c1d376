/**
 * A plain local `npm publish` is refused, and only the tag workflow can publish (issue 25):
 * real npm publishes a copy of the package to a recording registry on 127.0.0.1. With the
 * project's .npmrc (ignore-scripts=true) npm itself refuses, because publishConfig asks for a
 * provenance statement that only a supported CI can sign; with scripts on, the prepublishOnly guard
 * refuses first and points to the tag workflow. Nothing reaches the registry either way. The guard
 * lets the workflow's own run through only on the tag v<package.json version>.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { baseEnv, REPO_ROOT } from '../../e2e/lib/config';
import { run } from '../../e2e/lib/proc';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
/** Whatever would tell npm or the guard that this runs inside a CI job (GitHub's included). */
const CI_VARIABLES = /^(CI|GITHUB_.*|ACTIONS_.*|RUNNER_.*|GITLAB_CI|SIGSTORE_ID_TOKEN)$/;

function localEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env = baseEnv();
	for (const name of Object.keys(env)) if (CI_VARIABLES.test(name)) delete env[name];
	return { ...env, ...extra };
}

describe('publishing outside the tag workflow', () => {
	let dir = '';
	let server: http.Server;
	let registry = '';
	const received: string[] = [];

	beforeAll(async () => {
		server = http.createServer((req, res) => {
			received.push(`${req.method} ${req.url}`);
			req.resume();
			res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
		// The package as npm would publish it, with the project's package.json, .npmrc and guard.
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-guard-'));
		for (const file of ['package.json', '.npmrc', 'README.md', 'LICENSE', 'CHANGELOG.md', 'scripts/publish-guard.js']) {
			fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
			fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
		}
		fs.mkdirSync(path.join(dir, 'dist'));
		fs.writeFileSync(path.join(dir, 'dist', 'index.js'), 'module.exports = {};\n');
		// A logged-in user: npm would otherwise stop at "not logged in" before anything else.
		fs.writeFileSync(path.join(dir, 'user.npmrc'), `${registry.replace(/^http:/, '')}:_authToken=local-test-token\n`);
	});

	afterAll(async () => {
		fs.rmSync(dir, { recursive: true, force: true });
		await new Promise((resolve) => server.close(resolve));
	});

	beforeEach(() => {
		received.length = 0;
	});

	const publish = async (...flags: string[]) =>
		await run('npm', ['publish', `--registry=${registry}`, `--userconfig=${path.join(dir, 'user.npmrc')}`, ...flags], {
			cwd: dir,
			env: localEnv(),
			timeoutMs: 120_000,
		});

	it('a plain `npm publish` (the project .npmrc: scripts off) is refused by npm: no provenance outside CI', async () => {
		const result = await publish();
		expect(result.exitCode).not.toBe(0);
		expect(result.stderr).toContain('Automatic provenance generation not supported');
		expect(received.filter((request) => !request.startsWith('GET '))).toEqual([]);
	}, 120_000);

	it('with scripts on, the prepublishOnly guard refuses before npm packs, and points to the tag workflow', async () => {
		const result = await publish('--ignore-scripts=false');
		expect(result.exitCode).not.toBe(0);
		expect(result.stderr).toContain('npm publish refused: not running in GitHub Actions.');
		expect(result.stderr).toContain('.github/workflows/publish.yml');
		expect(result.stderr).toContain('npm run release');
		expect(received).toEqual([]);
	}, 120_000);

	it('the guard lets the tag workflow through only on the tag v<version>', async () => {
		const guard = async (env: NodeJS.ProcessEnv) =>
			await run(process.execPath, [path.join(dir, 'scripts', 'publish-guard.js')], { cwd: dir, env: localEnv(env), timeoutMs: 30_000 });
		const inWorkflow = { GITHUB_ACTIONS: 'true', GITHUB_REF_TYPE: 'tag' };
		expect((await guard({ ...inWorkflow, GITHUB_REF_NAME: `v${pkg.version}` })).exitCode).toBe(0);
		const other = await guard({ ...inWorkflow, GITHUB_REF_NAME: 'v99.0.0' });
		expect(other.exitCode).toBe(1);
		expect(other.stderr).toContain(`the tag v99.0.0 does not name package.json's version ${pkg.version}`);
		const branch = await guard({ GITHUB_ACTIONS: 'true', GITHUB_REF_TYPE: 'branch', GITHUB_REF_NAME: 'main' });
		expect(branch.exitCode).toBe(1);
		expect(branch.stderr).toContain('not on a version tag');
	}, 60_000);
});
