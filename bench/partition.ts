import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePdf, type SamplePdfOptions } from '../test/integration/support/pdfs';
import type { PlanName, Variant } from './partition-worker';
import { compile, control, measure, startEmulatorProcess, type EmulatorProcess, type Measured, type SampleFile } from './lib/partition-processes';
import { parseOptions, type Options } from './lib/partition-options';
import { runBench } from './lib/processes';
import { conditions, median, mb, ratio, seconds, table } from './lib/table';

/**
 * Partition benchmark: this node's client-side PDF splitting against the official SDK's
 * (`unstructured-client`) and against sending the file whole, on the same generated PDFs, all
 * pointed at the emulator with a per-page processing delay.
 *
 *   npx ts-node --transpile-only bench/partition.ts [--delay 20,100] [--runs 3] [--concurrency 5]
 *     [--service-processes 2] [--service-clock arrival|after_parse] [--no-study]
 *
 * One table per per-page delay (ms); the fault and range-size tables run at the last delay.
 * Every run is a fresh Node process (so peak RSS is that run's own; it warms up on a small PDF
 * first, see the worker), compiled to plain JS first (so no TypeScript compiler sits in the
 * measured processes); the emulator runs in its own processes too (`--service-processes`, default
 * the concurrency: a hosted service gives each concurrent request a worker of its own instead of
 * reading every upload on one thread; 1 gives a single emulator process). The fault table always uses one emulator process
 * (it counts the requests that reached it). Wall time is the median of the runs; the floor is
 * pages × delay ÷ concurrency. Not a test: nothing here passes or fails.
 */

const SAMPLES: Array<{ label: string; options: SamplePdfOptions }> = [
	{ label: 'text, 20 pages', options: { pages: 20 } },
	{ label: 'text + images, 100 pages', options: { pages: 100, imageBytesPerPage: 30_000 } },
	{ label: 'scan-like, 300 pages', options: { pages: 300, imageBytesPerPage: 100_000 } },
	{ label: 'heavy scan, 300 pages', options: { pages: 300, imageBytesPerPage: 340_000 } },
];

const STUDY_PAGES = [100, 130, 310];

async function writeSample(dir: string, label: string, options: SamplePdfOptions): Promise<SampleFile> {
	const path = join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.pdf`);
	writeFileSync(path, await samplePdf(options));
	return { label, pages: options.pages, path, bytes: statSync(path).size };
}

interface Summary {
	wallMs: number;
	cpuMs: number;
	serviceCpuMs?: number;
	peakRss: number;
	rssGrowth: number;
	heapGrowth: number;
	digest: string;
	elements: number;
	error?: string;
}

function summarise(results: Measured[]): Summary {
	const first = results[0] as Measured;
	const digests = new Set(results.map((result) => result.digest));
	return {
		wallMs: median(results.map((result) => result.wallMs)),
		cpuMs: median(results.map((result) => result.cpuMs)),
		serviceCpuMs: results.every((result) => result.serviceCpuMs !== undefined) ? median(results.map((result) => result.serviceCpuMs ?? 0)) : undefined,
		peakRss: median(results.map((result) => result.peakRss)),
		rssGrowth: median(results.map((result) => result.peakRss - result.baselineRss)),
		heapGrowth: median(results.map((result) => result.peakHeap - result.baselineHeap)),
		digest: digests.size === 1 ? first.digest : 'differs between runs',
		elements: first.elements,
		error: results.find((result) => result.error !== undefined)?.error,
	};
}

const VARIANTS: Array<{ variant: Variant; label: string }> = [
	{ variant: 'node-split', label: 'this node, split' },
	{ variant: 'node-unsplit', label: 'this node, unsplit' },
	{ variant: 'sdk-split', label: 'unstructured-client SDK, split' },
];

async function mainTable(emulator: EmulatorProcess, files: SampleFile[], delayMs: number, options: Options): Promise<string> {
	const rows: string[][] = [];
	for (const file of files) {
		const results = new Map<Variant, Measured[]>(VARIANTS.map(({ variant }) => [variant, []]));
		for (let run = 0; run < options.runs; run++) {
			// Interleaved, so a slow moment of the machine hits every variant alike.
			for (const { variant } of VARIANTS) results.get(variant)?.push(await measure(emulator, variant, file, options.concurrency));
		}
		const summaries = new Map(VARIANTS.map(({ variant }) => [variant, summarise(results.get(variant) ?? [])]));
		const sdk = summaries.get('sdk-split') as Summary;
		const unsplit = summaries.get('node-unsplit') as Summary;
		const same = new Set([...summaries.values()].map((summary) => summary.digest)).size === 1;
		// The physical floor: every page's processing time, spread perfectly over the concurrent slots.
		const floorMs = (file.pages * delayMs) / options.concurrency;
		for (const { variant, label } of VARIANTS) {
			const summary = summaries.get(variant) as Summary;
			rows.push([
				`${file.label} (${mb(file.bytes)} MB)`,
				label,
				seconds(summary.wallMs),
				ratio(summary.wallMs, floorMs),
				ratio(summary.wallMs, sdk.wallMs),
				ratio(unsplit.wallMs, summary.wallMs),
				seconds(summary.cpuMs),
				summary.serviceCpuMs === undefined ? '–' : seconds(summary.serviceCpuMs),
				mb(summary.peakRss),
				mb(summary.rssGrowth),
				ratio(summary.rssGrowth, file.bytes),
				ratio(summary.rssGrowth, sdk.rssGrowth),
				mb(summary.heapGrowth),
				summary.error ? `FAILED: ${summary.error}` : `${summary.elements}${same ? '' : ' (output differs!)'}`,
			]);
		}
	}
	return table(
		[
			'file',
			'client',
			'wall s',
			'wall ÷ floor',
			'wall vs SDK',
			'speed-up vs unsplit',
			'client CPU s',
			'service CPU s',
			'peak RSS MB',
			'RSS growth MB',
			'growth ÷ file',
			'growth vs SDK',
			'heap+buffers growth MB',
			'elements',
		],
		rows,
	);
}

async function studyTable(emulator: EmulatorProcess, dir: string, options: Options): Promise<string> {
	const plans: PlanName[] = ['node', 'sdk', 'one-wave'];
	const rows: string[][] = [];
	for (const pages of STUDY_PAGES) {
		const file = await writeSample(dir, `study ${pages}`, { pages, imageBytesPerPage: 100_000, seed: pages });
		const results = new Map<PlanName, Measured[]>(plans.map((plan) => [plan, []]));
		for (let run = 0; run < options.runs; run++) {
			for (const plan of plans) results.get(plan)?.push(await measure(emulator, 'node-split', file, options.concurrency, plan));
		}
		const node = summarise(results.get('node') ?? []);
		rows.push([
			`${pages} (${mb(file.bytes)} MB)`,
			...plans.map((plan) => {
				const summary = summarise(results.get(plan) ?? []);
				return `${seconds(summary.wallMs)} s (${ratio(summary.wallMs, node.wallMs)}), ${mb(summary.rssGrowth)} MB`;
			}),
		]);
	}
	return table(['pages', 'node rule: full waves, ≤ 20 pages', 'SDK rule: clamp(ceil(n/c), 2, 20)', 'one wave: ceil(n/c) pages, no cap'], rows);
}

const FAULTS: Array<{ label: string; fault: Record<string, unknown> }> = [
	{ label: 'one range answered 502', fault: { status: 502 } },
	{ label: 'one range’s connection reset', fault: { reset: 'before_read' } },
	{ label: 'one range answered 429 (Retry-After: 1)', fault: { status: 429, retry_after: '1' } },
];

async function partitionRequestCount(emulator: EmulatorProcess): Promise<number> {
	const { requests } = await control<{ requests: Array<{ path: string }> }>(emulator, 'requests');
	return requests.filter((request) => request.path === '/general/v0/general').length;
}

/** One transient failure in one range: who recovers, and what it costs. Single runs: the outcome is the point. */
async function faultTable(emulator: EmulatorProcess, file: SampleFile, options: Options): Promise<string> {
	const clients: Array<{ variant: Variant; label: string }> = [
		{ variant: 'node-split', label: 'this node, split' },
		{ variant: 'sdk-split', label: 'unstructured-client SDK, split' },
	];
	const rows: string[][] = [];
	for (const { label, fault } of FAULTS) {
		for (const client of clients) {
			await control(emulator, 'requests', 'DELETE');
			await control(emulator, 'faults', 'POST', { method: 'POST', path: '/general/v0/general', times: 1, ...fault });
			const result = await measure(emulator, client.variant, file, options.concurrency);
			const outcome = result.error ? `failed: ${result.error}` : `ok, ${result.elements} elements`;
			rows.push([label, client.label, seconds(result.wallMs), String(await partitionRequestCount(emulator)), outcome]);
		}
	}
	return table(['fault', 'client', 'wall s', 'requests sent', 'outcome'], rows);
}

/** The emulator's code paths run once at full speed first, so the first measured run is not its JIT warm-up. */
async function warmUp(emulator: EmulatorProcess, file: SampleFile, delayMs: number, options: Options): Promise<void> {
	await emulator.configure({ per_page_delay_ms: 0, partition_clock: options.serviceClock });
	for (const { variant } of VARIANTS) await measure(emulator, variant, file, options.concurrency);
	await emulator.configure({ per_page_delay_ms: delayMs });
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	process.stdout.write('Compiling the benchmark…\n');
	compile();
	const dir = mkdtempSync(join(tmpdir(), 'partition-bench-'));
	try {
		const files: SampleFile[] = [];
		for (const sample of SAMPLES) files.push(await writeSample(dir, sample.label, sample.options));
		process.stdout.write(
			`Concurrency ${options.concurrency}; service: ${options.serviceProcesses} emulator process(es), partition_clock ${options.serviceClock}; median of ${options.runs} run(s); ${conditions()}\n\n`,
		);
		for (const [index, delayMs] of options.delaysMs.entries()) {
			const emulator = await startEmulatorProcess(delayMs, options.serviceProcesses);
			try {
				await warmUp(emulator, files[1] as SampleFile, delayMs, options);
				process.stdout.write(`Emulator at ${delayMs} ms per page:\n\n${await mainTable(emulator, files, delayMs, options)}\n\n`);
				if (index < options.delaysMs.length - 1) continue;
				if (options.study) {
					process.stdout.write(
						`Range-size rules (${delayMs} ms per page; this node’s runner, only the plan changes): wall (ratio to the node rule), RSS growth:\n\n`,
					);
					process.stdout.write(`${await studyTable(emulator, dir, options)}\n\n`);
				}
			} finally {
				emulator.stop();
			}
			// Faults and request counts live in one emulator process, so this table has its own.
			const single = await startEmulatorProcess(delayMs, 1);
			try {
				await warmUp(single, files[1] as SampleFile, delayMs, options);
				process.stdout.write(`One transient fault in one range (${files[1]?.label}, ${delayMs} ms per page, one emulator process, single runs):\n\n`);
				process.stdout.write(`${await faultTable(single, files[1] as SampleFile, options)}\n`);
			} finally {
				single.stop();
			}
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

runBench(main);
