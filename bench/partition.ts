import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ts from 'typescript';
import { samplePdf, type SamplePdfOptions } from '../test/integration/partition-pdfs';
import type { PlanName, Variant, WorkerResult } from './partition-worker';

/**
 * Partition benchmark: this node's client-side PDF splitting against the official SDK's
 * (`unstructured-client`) and against sending the file whole, on the same generated PDFs, all
 * pointed at the emulator with a per-page processing delay.
 *
 *   npx ts-node --transpile-only bench/partition.ts [--delay 50] [--runs 3] [--concurrency 5] [--no-study]
 *
 * Every run is a fresh Node process (so peak RSS is that run's own), compiled to plain JS first
 * (so no TypeScript compiler sits in the measured processes); the emulator runs in its own
 * process too. Wall time is the median of the runs. Not a test: nothing here passes or fails.
 */

const ROOT = resolve(__dirname, '..');
const BUILD_DIR = join(ROOT, 'node_modules', '.cache', 'partition-bench');

interface Options {
	delayMs: number;
	runs: number;
	concurrency: number;
	study: boolean;
}

interface SampleFile {
	label: string;
	pages: number;
	path: string;
	bytes: number;
}

function parseOptions(args: string[]): Options {
	const value = (name: string, fallback: number): number => {
		const index = args.indexOf(`--${name}`);
		const raw = index >= 0 ? args[index + 1] : undefined;
		const parsed = raw === undefined ? fallback : Number(raw);
		if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} needs a number, got ${raw}`);
		return parsed;
	};
	return { delayMs: value('delay', 50), runs: Math.max(1, value('runs', 3)), concurrency: value('concurrency', 5), study: !args.includes('--no-study') };
}

/** Emits the worker and the emulator launcher (and what they import) as CommonJS next to node_modules. */
function compile(): void {
	const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!config) throw new Error('cannot read tsconfig.json');
	const options: ts.CompilerOptions = {
		...config.options,
		outDir: BUILD_DIR,
		rootDir: ROOT,
		noEmit: false,
		sourceMap: false,
		declaration: false,
		incremental: false,
	};
	const program = ts.createProgram([join(ROOT, 'bench/partition-worker.ts'), join(ROOT, 'bench/partition-emulator.ts')], options);
	const emitted = program.emit();
	if (emitted.emitSkipped) throw new Error('compiling the benchmark failed');
}

const SAMPLES: Array<{ label: string; options: SamplePdfOptions }> = [
	{ label: 'text, 20 pages', options: { pages: 20 } },
	{ label: 'text + images, 100 pages', options: { pages: 100, imageBytesPerPage: 30_000 } },
	{ label: 'scan-like, 300 pages', options: { pages: 300, imageBytesPerPage: 100_000 } },
];

const STUDY_PAGES = [20, 100, 130, 300, 310];

async function writeSample(dir: string, label: string, options: SamplePdfOptions): Promise<SampleFile> {
	const path = join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.pdf`);
	writeFileSync(path, await samplePdf(options));
	return { label, pages: options.pages, path, bytes: statSync(path).size };
}

function runProcess(args: string[]): Promise<string> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`${args.join(' ')} exited with ${code}: ${err || out}`))));
	});
}

interface EmulatorProcess {
	json: string;
	stop(): void;
}

function startEmulatorProcess(delayMs: number): Promise<EmulatorProcess> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(process.execPath, [join(BUILD_DIR, 'bench/partition-emulator.js'), String(delayMs)], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const line = out.split('\n')[0];
			if (out.includes('\n') && line) resolvePromise({ json: line, stop: () => child.kill('SIGTERM') });
		});
		child.on('error', reject);
		child.on('exit', (code) => reject(new Error(`the emulator exited early (${code})`)));
	});
}

async function measure(emulator: EmulatorProcess, variant: Variant, file: SampleFile, concurrency: number, plan: PlanName = 'node'): Promise<WorkerResult> {
	const out = await runProcess(['--expose-gc', join(BUILD_DIR, 'bench/partition-worker.js'), variant, file.path, emulator.json, String(concurrency), plan]);
	return JSON.parse(out.trim().split('\n').pop() ?? '') as WorkerResult;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Summary {
	wallMs: number;
	peakRss: number;
	rssGrowth: number;
	heapGrowth: number;
	digest: string;
	elements: number;
}

function summarise(results: WorkerResult[]): Summary {
	const first = results[0] as WorkerResult;
	const digests = new Set(results.map((result) => result.digest));
	return {
		wallMs: median(results.map((result) => result.wallMs)),
		peakRss: median(results.map((result) => result.peakRss)),
		rssGrowth: median(results.map((result) => result.peakRss - result.baselineRss)),
		heapGrowth: median(results.map((result) => result.peakHeap - result.baselineHeap)),
		digest: digests.size === 1 ? first.digest : 'differs between runs',
		elements: first.elements,
	};
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const ratio = (value: number, base: number): string => (base > 0 ? `${(value / base).toFixed(2)}×` : '–');

function table(header: string[], rows: string[][]): string {
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
	const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
	return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const VARIANTS: Array<{ variant: Variant; label: string }> = [
	{ variant: 'node-split', label: 'this node, split' },
	{ variant: 'node-unsplit', label: 'this node, unsplit' },
	{ variant: 'sdk-split', label: 'unstructured-client SDK, split' },
];

async function mainTable(emulator: EmulatorProcess, files: SampleFile[], options: Options): Promise<string> {
	const rows: string[][] = [];
	for (const file of files) {
		const results = new Map<Variant, WorkerResult[]>(VARIANTS.map(({ variant }) => [variant, []]));
		for (let run = 0; run < options.runs; run++) {
			// Interleaved, so a slow moment of the machine hits every variant alike.
			for (const { variant } of VARIANTS) results.get(variant)?.push(await measure(emulator, variant, file, options.concurrency));
		}
		const summaries = new Map(VARIANTS.map(({ variant }) => [variant, summarise(results.get(variant) ?? [])]));
		const sdk = summaries.get('sdk-split') as Summary;
		const unsplit = summaries.get('node-unsplit') as Summary;
		const same = new Set([...summaries.values()].map((summary) => summary.digest)).size === 1;
		for (const { variant, label } of VARIANTS) {
			const summary = summaries.get(variant) as Summary;
			rows.push([
				`${file.label} (${mb(file.bytes)} MB)`,
				label,
				seconds(summary.wallMs),
				ratio(summary.wallMs, sdk.wallMs),
				ratio(unsplit.wallMs, summary.wallMs),
				mb(summary.peakRss),
				ratio(summary.peakRss, sdk.peakRss),
				mb(summary.rssGrowth),
				ratio(summary.rssGrowth, sdk.rssGrowth),
				mb(summary.heapGrowth),
				ratio(summary.heapGrowth, sdk.heapGrowth),
				`${summary.elements}${same ? '' : ' (output differs!)'}`,
			]);
		}
	}
	return table(
		['file', 'client', 'wall s', 'wall vs SDK', 'speed-up vs unsplit', 'peak RSS MB', 'RSS vs SDK', 'RSS growth MB', 'growth vs SDK', 'heap+buffers growth MB', 'heap vs SDK', 'elements'],
		rows,
	);
}

async function studyTable(emulator: EmulatorProcess, dir: string, options: Options): Promise<string> {
	const plans: PlanName[] = ['node', 'sdk', 'one-wave'];
	const rows: string[][] = [];
	for (const pages of STUDY_PAGES) {
		const file = await writeSample(dir, `study ${pages}`, { pages, imageBytesPerPage: 20_000, seed: pages });
		const walls = new Map<PlanName, number[]>(plans.map((plan) => [plan, []]));
		for (let run = 0; run < options.runs; run++) {
			for (const plan of plans) walls.get(plan)?.push((await measure(emulator, 'node-split', file, options.concurrency, plan)).wallMs);
		}
		const node = median(walls.get('node') ?? []);
		rows.push([String(pages), ...plans.map((plan) => `${seconds(median(walls.get(plan) ?? []))} (${ratio(median(walls.get(plan) ?? []), node)})`)]);
	}
	return table(['pages', 'node rule: full waves of ≤ 20 pages', 'SDK rule: clamp(ceil(n/c), 2, 20)', 'one wave: ceil(n/c), no cap'], rows);
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	process.stdout.write('Compiling the benchmark…\n');
	compile();
	const dir = mkdtempSync(join(tmpdir(), 'partition-bench-'));
	let emulator: EmulatorProcess | undefined;
	try {
		const files: SampleFile[] = [];
		for (const sample of SAMPLES) files.push(await writeSample(dir, sample.label, sample.options));
		emulator = await startEmulatorProcess(options.delayMs);
		process.stdout.write(
			`Emulator: ${options.delayMs} ms per page; concurrency ${options.concurrency}; median of ${options.runs} run(s); Node ${process.version}\n\n`,
		);
		process.stdout.write(`${await mainTable(emulator, files, options)}\n\n`);
		if (options.study) {
			process.stdout.write('Range-size rules (this node’s runner, only the plan changes), wall s (ratio to the node rule):\n\n');
			process.stdout.write(`${await studyTable(emulator, dir, options)}\n`);
		}
	} finally {
		emulator?.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
