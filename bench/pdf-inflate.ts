import { lastJsonLine, numberOption, runBench, runTs } from './lib/processes';
import { conditions, MB, mb, median, print, table, verdict } from './lib/table';
import type { InflateCase, InflateMode, InflateResult } from './pdf-inflate-worker';

/**
 * Issue 43's crafted PDFs loaded for splitting, each in a fresh Node process
 * (bench/pdf-inflate-worker.ts), by pdf-lib alone (what the inflate budget let pdf-lib do before:
 * it charged the lookahead bombs 5 bytes and the cut-off stored blocks 0) and by the splitter's
 * loadPdf now (which runs in the PDF worker since issue 49: the figures are that worker's share of
 * the process, the loop its loop). The bound (docs/security.md): RSS growth at most the file's
 * inflate allowance plus 64 MiB, the loop never held more than 1 s.
 *
 *   npx ts-node --transpile-only bench/pdf-inflate.ts [--runs 1] [--no-before]
 *
 * `--no-before` skips pdf-lib alone on the 1.1 MB file (about 12 s and 2.7 GB).
 */

const CASES: Array<{ name: InflateCase; label: string }> = [
	{ name: 'lookahead-317k', label: 'lookahead bomb, 8 pages' },
	{ name: 'lookahead-1.1m', label: 'lookahead bomb, 8 pages' },
	{ name: 'cut-off-2000', label: '2,000 cut-off stored blocks' },
	{ name: 'at-the-cap', label: 'object stream of 30 MiB, allowance at its cap' },
];
const SLACK = 64 * MB;
const LOOP_BOUND_MS = 1_000;

async function measure(name: InflateCase, mode: InflateMode, runs: number): Promise<InflateResult> {
	const results: InflateResult[] = [];
	for (let run = 0; run < runs; run++) results.push(lastJsonLine<InflateResult>(await runTs('bench/pdf-inflate-worker.ts', [name, mode], ['--expose-gc', '--max-old-space-size=8192'])));
	const [first] = results as [InflateResult];
	const pick = (key: 'ms' | 'rssGrowth' | 'peakGrowth' | 'loopHeldMs') => median(results.map((result) => result[key]));
	return { ...first, ms: pick('ms'), rssGrowth: pick('rssGrowth'), peakGrowth: pick('peakGrowth'), loopHeldMs: pick('loopHeldMs') };
}

async function main(): Promise<void> {
	const runs = numberOption('runs', 1);
	print(conditions(`${runs} run(s) per row, medians`));
	print();
	const rows: string[][] = [];
	for (const { name, label } of CASES) {
		const modes: InflateMode[] = process.argv.includes('--no-before') && name === 'lookahead-1.1m' ? ['loadPdf'] : ['pdf-lib', 'loadPdf'];
		for (const mode of modes) {
			const result = await measure(name, mode, runs);
			const bounded = result.peakGrowth <= result.allowance + SLACK && result.loopHeldMs <= LOOP_BOUND_MS;
			rows.push([
				`${label} (${(result.fileBytes / 1000).toFixed(0)} KB)`,
				mode === 'pdf-lib' ? 'before: pdf-lib alone' : 'now: loadPdf',
				mb(result.allowance, 1),
				result.inflated < MB ? `${result.inflated} bytes` : mb(result.inflated, 1),
				(result.ms / 1000).toFixed(2),
				mb(result.rssGrowth),
				mb(result.peakGrowth),
				result.loopHeldMs.toFixed(0),
				mode === 'pdf-lib' ? '–' : verdict(bounded),
				result.outcome,
			]);
		}
	}
	print(table(['file', 'reader', 'allowance MiB', 'inflated (MiB)', 'time s', 'RSS growth MiB', 'peak growth MiB', 'loop held ms', 'bound', 'outcome'], rows));
}

runBench(main);
