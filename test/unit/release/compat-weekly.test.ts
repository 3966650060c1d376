/**
 * The weekly compatibility run (issue 49 item 4): .github/workflows/compat-weekly.yml runs
 * `npm run test:compat` every week (and on demand) on the legs scripts/compat-versions.js resolves
 * from the registry at run time, handed to the suite through COMPAT_N8N_VERSIONS, which
 * test/compat/legs.ts reads without changing the committed list. actionlint checks the file with
 * the others (workflows.test.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { baseEnv, REPO_ROOT } from '../../e2e/lib/config';
import { run } from '../../e2e/lib/proc';
import { LEGS, legacyLeg, legsOverridden, newestLeg, runLegs } from '../../compat/legs';

interface Step {
	id?: string;
	name?: string;
	uses?: string;
	run?: string;
	env?: Record<string, string>;
}
interface Workflow {
	on: { schedule?: Array<{ cron: string }>; workflow_dispatch?: unknown };
	jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}

const workflow = parse(fs.readFileSync(path.join(REPO_ROOT, '.github', 'workflows', 'compat-weekly.yml'), 'utf8')) as Workflow;

describe('compat-weekly.yml', () => {
	const steps = workflow.jobs.compat.steps;

	it('runs weekly (one day of the week, one time of day) and on demand', () => {
		expect(workflow.on.schedule).toHaveLength(1);
		const [minute, hour, day, month, weekday] = workflow.on.schedule![0].cron.split(' ');
		expect([minute, hour, day, month]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/), '*', '*']);
		expect(weekday).toMatch(/^[0-6]$/);
		expect(workflow.on).toHaveProperty('workflow_dispatch');
	});

	it('resolves the legs at run time and gives them to npm run test:compat through COMPAT_N8N_VERSIONS', () => {
		const resolve = steps.findIndex((step) => step.id === 'legs');
		const compat = steps.findIndex((step) => step.run === 'npm run test:compat');
		expect(steps[resolve].run).toContain('node scripts/compat-versions.js');
		expect(compat).toBeGreaterThan(resolve);
		expect(steps[compat].env).toEqual({ COMPAT_N8N_VERSIONS: '${{ steps.legs.outputs.versions }}' });
		expect(steps.findIndex((step) => step.run === 'npm run build')).toBeLessThan(compat);
		expect(workflow.jobs.compat.permissions).toEqual({ contents: 'read', issues: 'write' });
	});
});

describe('scripts/compat-versions.js', () => {
	it('prints the first committed leg, then the newest 2.x and 1.x the registry lists (unsorted, pre-releases left out)', async () => {
		const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-npm-'));
		try {
			// A stand-in for `npm view n8n@^N version --json`, answering as the registry does.
			fs.writeFileSync(
				path.join(bin, 'npm'),
				[
					'#!/bin/sh',
					'case "$2" in',
					`  'n8n@^2') echo '["2.9.0", "2.41.3", "2.10.1", "2.40.7"]' ;;`,
					`  'n8n@^1') echo '"1.123.81"' ;;`,
					'  *) exit 3 ;;',
					'esac',
				].join('\n'),
				{ mode: 0o755 },
			);
			const env = baseEnv({ PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` });
			const result = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'compat-versions.js')], { cwd: REPO_ROOT, env, timeoutMs: 30_000 });
			expect(result.exitCode).toBe(0);
			expect(result.stdout.trim()).toBe(`${LEGS[0].n8n},2.41.3,1.123.81`);
		} finally {
			fs.rmSync(bin, { recursive: true, force: true });
		}
	}, 60_000);
});

describe('the compatibility legs of a run (test/compat/legs.ts)', () => {
	it('are n8n-versions.json without COMPAT_N8N_VERSIONS', () => {
		expect(runLegs({})).toBe(LEGS);
		expect(legsOverridden({})).toBe(false);
		expect(legacyLeg(runLegs({})).n8n).toMatch(/^1\./);
		expect(newestLeg(runLegs({}))).toBe(LEGS.filter((leg, index) => index > 0 && leg.n8n.startsWith('2.')).at(-1));
	});

	it('are the versions it names otherwise, each test file taking its own', () => {
		const env = { COMPAT_N8N_VERSIONS: ' 2.40.7, 2.47.1 ,1.124.0' };
		const legs = runLegs(env);
		expect(legs).toEqual([{ n8n: '2.40.7' }, { n8n: '2.47.1' }, { n8n: '1.124.0' }]);
		expect(legsOverridden(env)).toBe(true);
		expect([legs[0].n8n, newestLeg(legs).n8n, legacyLeg(legs).n8n]).toEqual(['2.40.7', '2.47.1', '1.124.0']);
		expect(() => runLegs({ COMPAT_N8N_VERSIONS: '2.47,latest' })).toThrow(/expected versions such as/);
		expect(() => newestLeg(runLegs({ COMPAT_N8N_VERSIONS: '2.40.7,1.124.0' }))).toThrow(/no second n8n 2\.x/);
	});
});
