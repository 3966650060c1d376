import { cpus, loadavg } from 'node:os';

/** Formatting shared by the job benchmarks: every bench prints Markdown tables the README can carry as they are. */

export function table(header: string[], rows: string[][]): string {
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
	const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
	return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function median(values: number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const MB = 1024 * 1024;

export const mb = (bytes: number, digits = 0): string => (bytes / MB).toFixed(digits);
export const seconds = (ms: number, digits = 2): string => (ms / 1000).toFixed(digits);
export const ratio = (value: number, base: number, digits = 2): string => (base > 0 && Number.isFinite(value) ? `${(value / base).toFixed(digits)}×` : '–');
export const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');

/** The line every bench prints first, so a table never travels without the conditions it was measured in. */
export function conditions(extra = ''): string {
	const load = loadavg()
		.map((value) => value.toFixed(2))
		.join(' ');
	return `Node ${process.version}, ${cpus().length} CPU(s), load average ${load} at start${extra ? `; ${extra}` : ''}`;
}

export function print(text = ''): void {
	process.stdout.write(`${text}\n`);
}
