import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tsNodeArgs } from './lib/processes';
import { print } from './lib/table';

/**
 * Runs every benchmark one after the other (never side by side: they measure time and memory),
 * each in its own process, and prints their tables. `npm run bench`.
 *
 *   npx ts-node --transpile-only bench/run-all.ts [--full] [--only name,name]
 *
 * By default the longer benches run with fewer repetitions so the whole set stays under
 * 10 minutes on a 2-core machine; `--full` runs each with its own defaults (the partition bench
 * alone then takes about 8 minutes).
 */

interface Bench {
	name: string;
	file: string;
	quick: string[];
}

const BENCHES: Bench[] = [
	{ name: 'upload-memory', file: 'bench/upload-memory.ts', quick: ['--runs', '2'] },
	{ name: 'job-throughput', file: 'bench/job-throughput.ts', quick: [] },
	{ name: 'waiting', file: 'bench/waiting.ts', quick: [] },
	{ name: 'per-item-overhead', file: 'bench/per-item-overhead.ts', quick: [] },
	// Written in parallel (issue 4); run when present.
	{ name: 'partition', file: 'bench/partition.ts', quick: ['--runs', '1', '--no-study'] },
];

function run(bench: Bench, args: string[]): Promise<number> {
	return new Promise((done) => {
		const child = spawn(process.execPath, [...tsNodeArgs(bench.file), ...args], { cwd: ROOT, stdio: 'inherit' });
		child.on('error', () => done(1));
		child.on('exit', (code) => done(code ?? 1));
	});
}

async function main(): Promise<void> {
	const full = process.argv.includes('--full');
	const onlyIndex = process.argv.indexOf('--only');
	const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? '').split(',') : undefined;
	const selected = BENCHES.filter((bench) => (!only || only.includes(bench.name)) && existsSync(join(ROOT, bench.file)));
	const started = Date.now();
	const summary: string[] = [];
	let failed = false;
	for (const bench of selected) {
		const args = full ? [] : bench.quick;
		print(`\n# ${bench.name} — npx ts-node --transpile-only ${bench.file}${args.length ? ` ${args.join(' ')}` : ''}\n`);
		const benchStarted = Date.now();
		const code = await run(bench, args);
		const took = ((Date.now() - benchStarted) / 1000).toFixed(0);
		summary.push(`${bench.name}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${took} s`);
		if (code !== 0) failed = true;
	}
	print(`\n${summary.join('\n')}\nAll benchmarks: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	if (failed) process.exitCode = 1;
}

void main();
