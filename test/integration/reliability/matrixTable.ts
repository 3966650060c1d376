import type { FaultKind } from './faultKinds';

export type CaseCategory = 'retried-ok' | 'ok' | 'error';

export interface CaseResult {
	category: CaseCategory;
	/** Short cell text, e.g. `R`, `E502`, `E-conn`. */
	cell: string;
	/** Entities beyond the one the operation meant to create (must be 0). */
	duplicates: number;
	ms: number;
}

const ERROR_CELLS: Record<string, string> = {
	'reset-before-read': 'E-conn',
	'reset-after-read': 'E-conn',
	'slow-headers': 'E-time',
	'truncated-json': 'E-json',
	'schema-break': 'E-shape',
};

export function cellFor(category: CaseCategory, fault: FaultKind): string {
	if (category === 'retried-ok') return 'R';
	if (category === 'ok') return 'ok';
	return ERROR_CELLS[fault.id] ?? `E${fault.id}`;
}

function pad(text: string, width: number): string {
	return text + ' '.repeat(Math.max(0, width - text.length));
}

export interface MatrixSummary {
	cases: number;
	retriedOk: number;
	okNotApplicable: number;
	clearErrors: number;
	duplicates: number;
	slowestMs: number;
}

export function summarise(results: Map<string, Map<string, CaseResult>>): MatrixSummary {
	const all = [...results.values()].flatMap((row) => [...row.values()]);
	return {
		cases: all.length,
		retriedOk: all.filter((result) => result.category === 'retried-ok').length,
		okNotApplicable: all.filter((result) => result.category === 'ok').length,
		clearErrors: all.filter((result) => result.category === 'error').length,
		duplicates: all.reduce((sum, result) => sum + result.duplicates, 0),
		slowestMs: all.reduce((max, result) => Math.max(max, result.ms), 0),
	};
}

/** A Markdown table: one row per operation, one column per fault, then the row's duplicates. */
export function renderMatrix(results: Map<string, Map<string, CaseResult>>, faults: FaultKind[]): string {
	const headers = ['operation', ...faults.map((fault) => fault.label), 'duplicates'];
	const rows = [...results.entries()].map(([operation, row]) => [
		operation,
		...faults.map((fault) => row.get(fault.id)?.cell ?? '—'),
		String([...row.values()].reduce((sum, result) => sum + result.duplicates, 0)),
	]);
	const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
	const line = (cells: string[]) => `| ${cells.map((cell, column) => pad(cell, widths[column])).join(' | ')} |`;
	const summary = summarise(results);
	return [
		line(headers),
		`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
		...rows.map(line),
		'',
		`cases ${summary.cases} · retried-ok ${summary.retriedOk} · ok (fault cannot apply) ${summary.okNotApplicable} · clear errors ${summary.clearErrors} · duplicates ${summary.duplicates} · slowest case ${(summary.slowestMs / 1000).toFixed(1)} s`,
		'R = succeeded after retrying · ok = the fault cannot apply (empty 204 answer, or any answer is accepted and read back) · E<status> / E-conn / E-time / E-json / E-shape = one clear NodeApiError, request not resent',
	].join('\n');
}
