import { randomFillSync } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { lastJsonLine, runTs, runBench } from './lib/processes';
import { conditions, MB, mb, median, print, ratio, seconds, table, verdict } from './lib/table';
import type { UploadResult, UploadVariant } from './upload-memory-worker';

/**
 * Upload memory: Create Job with 10 files held by n8n-core in filesystem binary mode (and in
 * memory mode for comparison), next to a raw undici upload of the same bytes.
 *
 *   npx ts-node --transpile-only bench/upload-memory.ts [--runs 3] [--sizes 5,50]
 *
 * Every upload runs in a fresh Node process (bench/upload-memory-worker.ts): n8n-core stores
 * the files first, as an upstream node would, then the measured part starts from a full GC:
 * peak RSS growth is sampled every 5 ms while the request runs (on Linux the kernel's own peak
 * too). The raw client is measured in the same place (inside the execution, on the files n8n
 * stored) so both start from the same process state; a raw upload in a process that stored
 * nothing is shown for reference. The emulator runs in its own process, so the bytes it receives
 * never count. Figures are medians.
 */

const FILES = 10;
const GROWTH_TARGET = 64 * MB;
const THROUGHPUT_TARGET = 0.8;

const VARIANTS: Array<{ variant: UploadVariant; label: string }> = [
	{ variant: 'node-filesystem', label: 'this node, n8n filesystem mode' },
	{ variant: 'node-memory', label: 'this node, n8n memory mode (default)' },
	{ variant: 'raw-undici', label: 'raw undici, FormData of file Blobs (same process state)' },
	{ variant: 'raw-undici-fresh', label: 'reference: raw undici, in a process that stored nothing' },
	{ variant: 'transport-fresh', label: 'reference: this node’s api + transport, same fresh process state' },
];

function option(name: string, fallback: string): string {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** Random bytes, so nothing on the way can compress or deduplicate them. */
function writeFiles(dir: string, megabytes: number): void {
	mkdirSync(dir, { recursive: true });
	const chunk = Buffer.alloc(MB);
	for (let index = 0; index < FILES; index++) {
		const fd = openSync(join(dir, `file-${String(index).padStart(2, '0')}.bin`), 'w');
		for (let written = 0; written < megabytes; written++) writeSync(fd, randomFillSync(chunk));
		closeSync(fd);
	}
}

async function measure(emulator: EmulatorProcess, variant: UploadVariant, dir: string): Promise<UploadResult> {
	const result = lastJsonLine<UploadResult>(await runTs('bench/upload-memory-worker.ts', [variant, dir, emulator.json], ['--expose-gc']));
	if (result.uploadedFiles !== FILES) throw new Error(`${variant}: the job got ${result.uploadedFiles} files, not ${FILES}`);
	return result;
}

async function main(): Promise<void> {
	const runs = Math.max(1, Number(option('runs', '3')));
	const sizes = option('sizes', '5,50')
		.split(',')
		.map(Number)
		.filter((size) => size > 0);
	const root = mkdtempSync(join(tmpdir(), 'upload-bench-'));
	// Launch spacing off: every upload is a job launch, and pacing is not what is measured here.
	const emulator = await startEmulatorProcess({ launch_spacing_ms: 0, job_duration_ms: 100, request_log_limit: 100 });
	try {
		print(`## Upload memory: Create Job, ${FILES} files per job`);
		print();
		print(conditions(`median of ${runs} run(s), each upload in a fresh process; emulator in its own process`));
		print();
		const rows: string[][] = [];
		for (const size of sizes) {
			const dir = join(root, `${size}MB`);
			writeFiles(dir, size);
			const results = new Map<UploadVariant, UploadResult[]>(VARIANTS.map(({ variant }) => [variant, []]));
			for (let run = 0; run < runs; run++) {
				// Interleaved, so a busy moment of the machine hits every client alike.
				for (const { variant } of VARIANTS) results.get(variant)?.push(await measure(emulator, variant, dir));
			}
			const summary = (variant: UploadVariant) => {
				const list = results.get(variant) ?? [];
				const bytes = list[0]?.bytes ?? 0;
				const wallMs = median(list.map((result) => result.wallMs));
				return {
					bytes,
					wallMs,
					throughput: bytes / MB / (wallMs / 1000),
					growth: median(list.map((result) => result.peakRss - result.baselineRss)),
					maxGrowth: Math.max(...list.map((result) => result.peakRss - result.baselineRss)),
					heapGrowth: median(list.map((result) => result.peakHeapAndBuffers - result.baselineHeapAndBuffers)),
					baseline: median(list.map((result) => result.baselineRss)),
				};
			};
			const raw = summary('raw-undici');
			const freshRaw = summary('raw-undici-fresh');
			for (const { variant, label } of VARIANTS) {
				const figures = summary(variant);
				const base = variant.endsWith('-fresh') ? freshRaw : raw;
				const targets =
					variant === 'node-filesystem'
						? `growth ≤ 64 MiB: ${verdict(figures.maxGrowth <= GROWTH_TARGET)}; ≥ 0.8× raw: ${verdict(figures.throughput >= THROUGHPUT_TARGET * raw.throughput)}`
						: '';
				rows.push([
					`${FILES} × ${size} MiB`,
					label,
					seconds(figures.wallMs),
					figures.throughput.toFixed(0),
					ratio(figures.throughput, base.throughput),
					mb(figures.baseline),
					mb(figures.growth, 1),
					mb(figures.maxGrowth, 1),
					mb(figures.heapGrowth, 1),
					targets,
				]);
			}
		}
		print(
			table(
				['files', 'client', 'request s', 'MiB/s', 'throughput vs raw undici in the same state', 'RSS before MiB', 'peak RSS growth MiB', 'worst run MiB', 'JS heap + Buffers growth MiB', 'targets'],
				rows,
			),
		);
	} finally {
		await emulator.stop();
		rmSync(root, { recursive: true, force: true });
	}
}

runBench(main);
