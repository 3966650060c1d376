import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePdf } from '../test/integration/support/pdfs';
import type { LoaderResult, LoaderVariant } from './loader-worker';
import { EMULATOR_CHILD, lastJsonLine, numberOption, ROOT, runBench, runTs, stopChild, tsNodeArgs } from './lib/processes';
import { conditions, mb, median, print, ratio, seconds, table, verdict } from './lib/table';

/**
 * The Document Processing Loader's path against Partition File → Default Data Loader, on one
 * generated PDF with a heading on every page, against the emulator with a per-page delay:
 *
 *   npm run bench:loader -- [--pages 200] [--delay 20] [--runs 3] [--image-bytes 100000]
 *
 * Each run of each path is a fresh Node process (its peak RSS is its own) that first warms up on
 * a 4-page PDF; the paths take turns, so a slower moment of the machine falls on all of them.
 * Goals (issue 45): the loader's wall time ≤ 1.1 × Partition File's alone on the same file; its
 * peak RSS growth ≤ 2 × (file + the service's answer); no chunk that cuts a heading from its
 * section, where the default path cuts some. Not a test: nothing here passes or fails.
 */

const VARIANTS: Array<{ variant: LoaderVariant; label: string }> = [
	{ variant: 'partition', label: 'Partition File alone (elements)' },
	{ variant: 'loader', label: 'Document Processing Loader' },
	{ variant: 'default-loader', label: 'Partition File (text) → Default Data Loader' },
];

function startEmulator(delayMs: number): Promise<{ json: string; stop: () => Promise<void> }> {
	return new Promise((done, fail) => {
		const child = spawn(process.execPath, [...tsNodeArgs(EMULATOR_CHILD), JSON.stringify({ per_page_delay_ms: delayMs })], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('\n')) done({ json: out.split('\n')[0] as string, stop: async () => await stopChild(child) });
		});
		child.on('error', fail);
	});
}

async function main(): Promise<void> {
	const pages = numberOption('pages', 200);
	const delayMs = numberOption('delay', 20);
	const runs = numberOption('runs', 3);
	// Scan-like pages (e.g. --image-bytes 100000) make the file as heavy as a scanned document.
	const imageBytes = process.argv.includes('--image-bytes') ? numberOption('image-bytes', 0) : 0;
	const dir = mkdtempSync(join(tmpdir(), 'bench-loader-'));
	const file = join(dir, `sections-${pages}.pdf`);
	const warm = join(dir, 'warm.pdf');
	writeFileSync(file, await samplePdf({ pages, imageBytesPerPage: imageBytes }));
	writeFileSync(warm, await samplePdf({ pages: 4, seed: 3 }));
	const fileBytes = statSync(file).size;
	const emulator = await startEmulator(delayMs);
	const results = new Map<LoaderVariant, LoaderResult[]>(VARIANTS.map(({ variant }) => [variant, []]));
	try {
		for (let run = 0; run < runs; run++) {
			for (let turn = 0; turn < VARIANTS.length; turn++) {
				const { variant } = VARIANTS[(run + turn) % VARIANTS.length] as (typeof VARIANTS)[number];
				const out = await runTs('bench/loader-worker.ts', [variant, file, emulator.json, warm], ['--expose-gc']);
				results.get(variant)?.push(lastJsonLine<LoaderResult>(out));
			}
		}
	} finally {
		await emulator.stop();
		rmSync(dir, { recursive: true, force: true });
	}

	const summary = (variant: LoaderVariant) => {
		const all = results.get(variant) ?? [];
		const first = all[0] as LoaderResult;
		return { ...first, wallMs: median(all.map((r) => r.wallMs)), peakRss: median(all.map((r) => r.peakRss)), growth: median(all.map((r) => r.peakRss - r.baselineRss)) };
	};
	const base = summary('partition');
	const loader = summary('loader');
	const fallback = summary('default-loader');
	print(conditions(`${pages}-page PDF (${mb(fileBytes, 1)} MB) with a heading on every page${imageBytes ? ` and ${imageBytes} image bytes` : ''}, emulator ${delayMs} ms per page, split into page ranges (5 at once), median of ${runs} runs`));
	print();
	print(
		table(
			['Path', 'Wall (s)', 'vs Partition File', 'Requests', 'Peak RSS (MB)', 'RSS growth (MB)', 'Answer JSON (MB)', 'Chunks', 'Chunks cutting a heading from its section'],
			VARIANTS.map(({ variant, label }) => {
				const row = summary(variant);
				return [label, seconds(row.wallMs), ratio(row.wallMs, base.wallMs), String(row.requests), mb(row.peakRss), mb(row.growth, 1), mb(row.elementBytes, 1), variant === 'partition' ? '–' : String(row.chunks), variant === 'partition' ? '–' : String(row.headingCuts)];
			}),
		),
	);
	print();
	const rssLimit = 2 * (fileBytes + loader.elementBytes);
	print(
		table(
			['Goal (issue 45)', 'Measured', 'Verdict'],
			[
				['Loader wall time ≤ 1.1 × Partition File alone', ratio(loader.wallMs, base.wallMs), verdict(loader.wallMs <= 1.1 * base.wallMs)],
				['Loader peak RSS growth ≤ 2 × (file + its chunks’ JSON)', `${mb(loader.growth, 1)} MB of ${mb(rssLimit, 1)} MB`, verdict(loader.growth <= rssLimit)],
				['No chunk cuts a heading from its section (the default path cuts some)', `${loader.headingCuts} vs ${fallback.headingCuts}`, verdict(loader.headingCuts === 0 && fallback.headingCuts > 0)],
			],
		),
	);
}

runBench(main);
