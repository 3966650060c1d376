/**
 * Issue 49's attacks against a served n8n 2.40.7, before and after (`npm run bench:attacks`):
 * each row in an n8n of its own (a process's RSS does not shrink after a peak, and a row may kill
 * n8n), the package installed from its tarball, the emulator on loopback. n8n's main process is
 * watched from outside: resident memory sampled every 250 ms, /healthz probed back to back. Then,
 * in the same n8n, a 40-page PDF goes through the same example: split (5 requests) or not (row
 * 3's lasting damage before). Prints one table; the goal (issue 49): RSS growth ≤ 256 MiB and
 * n8n's event loop never held a second (its main thread's CPU time within one /healthz wait).
 *
 *   npm run bench:attacks [-- --rows 1,3] [--no-before] [--before-tarball file.tgz]
 *
 * "before" is the package at BEFORE_COMMIT (pdf-lib on n8n's thread), built once into
 * node_modules/.cache/bench-attacks; "after" is this working tree (packed as the e2e suites pack
 * it). Rows 5–7 (hostile `orig_elements` answers, a 1 GiB partition answer) are one entry each in
 * bench/lib/attack-rows.ts, measured by their own modules (bench/attack-originals.ts,
 * bench/attack-answer.ts); the 40-page check applies to the upload-form rows.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../test/emulator';
import { EXAMPLES_EMULATOR } from '../test/e2e/examples/examples-context';
import { packPackage } from '../test/e2e/lib/pack';
import { emulatorCredentialData } from '../test/e2e/lib/pause';
import { runOk } from '../test/e2e/lib/proc';
import { setupN8nE2e } from '../test/e2e/lib/setup';
import { ATTACK_BOUNDS, watchHealth, watchMemory } from '../test/e2e/lib/served-attack';
import { ATTACK_ROWS, fortyPagesAfterwards, type AttackRow, type RowFigures, type Target } from './lib/attack-rows';
import { ROOT, runBench } from './lib/processes';
import { conditions, mb, print, seconds, table, verdict } from './lib/table';

/** The last main commit with pdf-lib on n8n's thread (issue 49's "before"). */
const BEFORE_COMMIT = '90518c0';
const MIB = 2 ** 20;

const option = (name: string): string | undefined => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? undefined : process.argv[index + 1];
};

/** The package as it was at BEFORE_COMMIT: its sources archived, built with this tree's node_modules, packed. */
async function beforeTarball(): Promise<string> {
	const given = option('before-tarball');
	if (given) return given;
	const cache = join(ROOT, 'node_modules', '.cache', 'bench-attacks');
	const tarball = join(cache, `n8n-nodes-document-processing-${BEFORE_COMMIT}.tgz`);
	if (existsSync(tarball)) return tarball;
	mkdirSync(cache, { recursive: true });
	const dir = mkdtempSync(join(cache, 'build-'));
	try {
		await runOk('sh', ['-c', `git -C "${ROOT}" archive ${BEFORE_COMMIT} | tar -x -C "${dir}"`]);
		symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
		await runOk('npm', ['run', 'build'], { cwd: dir, timeoutMs: 10 * 60_000 });
		const { stdout } = await runOk('npm', ['pack', '--json', '--pack-destination', dir], { cwd: dir, timeoutMs: 5 * 60_000 });
		const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
		await runOk('mv', [join(dir, filename), tarball]);
		return tarball;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

interface Measured {
	peakGrowth: number;
	longestHealthMs: number;
	longestLoopHeldMs: number;
	outcome: string;
	afterwards: string;
}

/** One row in a fresh n8n running `tarball`. */
async function measure(row: AttackRow, tarball: string, label: string): Promise<Measured> {
	const emulator = await startEmulator({ port: 0, apiKey: `bench-attacks-${process.pid}`, config: { ...EXAMPLES_EMULATOR, unparsed_file_pattern: 'attack-' } });
	const n8n = await setupN8nE2e({ label: `bench-attacks-${label}-${row.row}`, tarball });
	try {
		const credential = await n8n.importCredential({ name: 'Bench attacks (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, emulator.apiKey) });
		const target: Target = { n8n, emulator, credential, prepared: new Map(), cleanups: [] };
		try {
			const attack = await row.prepare(target);
			const memory = watchMemory(n8n.n8n.pid);
			const health = watchHealth(n8n.n8n);
			const started = Date.now();
			let result: string | RowFigures;
			try {
				result = await attack();
			} catch (error) {
				const cause = (error as { cause?: { code?: string; message?: string } }).cause;
				result = `the request failed: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
			}
			const { longestWaitMs, longestHeldMs } = await health.stop();
			const peakGrowth = memory.stop();
			const figures =
				typeof result === 'string'
					? { peakGrowth, longestHealthMs: longestWaitMs, longestLoopHeldMs: longestHeldMs, outcome: result }
					: { peakGrowth: result.rssGrowthMiB * MIB, longestHealthMs: result.longestHealthzWaitMs, longestLoopHeldMs: result.longestLoopHeldMs, outcome: result.outcome };
			const up = await fetch(`${n8n.n8n.url}/healthz`).then((answer) => answer.ok).catch(() => false);
			if (!up) return { ...figures, outcome: `n8n died after ${seconds(Date.now() - started, 0)} s`, afterwards: 'n8n gone' };
			return { ...figures, afterwards: await fortyPagesAfterwards(target) };
		} finally {
			for (const cleanup of target.cleanups) await cleanup();
		}
	} finally {
		await n8n.close();
		await emulator.close();
	}
}

async function main(): Promise<void> {
	const wanted = option('rows')?.split(',').map(Number);
	const rows = ATTACK_ROWS.filter((row) => !wanted || wanted.includes(row.row));
	const packages: Array<[string, string]> = [];
	if (!process.argv.includes('--no-before')) packages.push([`before (${BEFORE_COMMIT})`, await beforeTarball()]);
	packages.push(['after (this tree)', await packPackage()]);
	const started = conditions('n8n 2.40.7 (regular mode, SQLite), the upload-form example as shipped, emulator on loopback; each row in a fresh n8n');
	const lines: string[][] = [];
	for (const row of rows) {
		for (const [name, tarball] of packages) {
			const figures = await measure(row, tarball, name.startsWith('before') ? 'before' : 'after');
			const within = figures.peakGrowth <= ATTACK_BOUNDS.rssGrowthMiB * MIB && figures.longestLoopHeldMs <= ATTACK_BOUNDS.loopHeldMs && !figures.outcome.startsWith('n8n died');
			lines.push([String(row.row), row.label, name, mb(figures.peakGrowth), seconds(figures.longestHealthMs, 2), seconds(figures.longestLoopHeldMs, 2), figures.outcome, figures.afterwards, verdict(within)]);
			print(`row ${row.row}, ${name}: ${JSON.stringify({ ...figures, peakGrowthMib: Math.round(figures.peakGrowth / MIB) })}`);
		}
	}
	print();
	print(started);
	print();
	print(table(['row', 'attack', 'package', 'n8n RSS peak growth MiB', 'longest /healthz s', 'loop held s', 'outcome', 'a 40-page PDF afterwards', '≤ 256 MiB, held ≤ 1 s'], lines));
}

runBench(main);
