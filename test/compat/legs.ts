/**
 * The compatibility suite's legs (one n8n version each), the checks every leg runs, the record
 * each leg leaves in results/, and the README table rendered from those records. The README table
 * is never written by hand: `npm run compat:readme` renders it, and a unit test fails when it
 * differs from the records; each leg fails when its record differs from what it ran.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** n8n versions the suite runs on (.ci/run installs the same list). */
export const LEGS: ReadonlyArray<{ n8n: string }> = JSON.parse(
	fs.readFileSync(path.join(__dirname, 'n8n-versions.json'), 'utf8'),
) as Array<{ n8n: string }>;

/** The environment variable that replaces LEGS for one run: n8n versions, comma-separated. */
export const LEGS_OVERRIDE_ENV = 'COMPAT_N8N_VERSIONS';

/**
 * The legs this run's test files take: LEGS, or the versions COMPAT_N8N_VERSIONS names (the weekly
 * workflow, .github/workflows/compat-weekly.yml: the first of LEGS, then n8n's newest 2.x and
 * 1.x). The README table, its records and the installs of `.ci/run` keep to LEGS.
 */
export function runLegs(env: NodeJS.ProcessEnv = process.env): ReadonlyArray<{ n8n: string }> {
	const override = env[LEGS_OVERRIDE_ENV]?.trim();
	if (!override) return LEGS;
	const versions = override.split(',').map((version) => version.trim());
	const bad = versions.filter((version) => !/^\d+\.\d+\.\d+$/.test(version));
	if (bad.length > 0 || versions.length === 0) throw new Error(`${LEGS_OVERRIDE_ENV}="${override}": expected versions such as 2.41.1,1.123.81`);
	return [...new Set(versions)].map((n8n) => ({ n8n }));
}

/** Whether this run's legs are another list than LEGS (then no leg has a committed record to match). */
export const legsOverridden = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env[LEGS_OVERRIDE_ENV]?.trim());

/** The n8n 1.x leg of the run (its place in the list is not fixed). */
export function legacyLeg(legs: ReadonlyArray<{ n8n: string }> = runLegs()): { n8n: string } {
	const legacy = legs.find((leg) => leg.n8n.startsWith('1.'));
	if (!legacy) throw new Error(`the compatibility legs (${legs.map((leg) => leg.n8n).join(', ')}) list no n8n 1.x`);
	return legacy;
}

/** The leg of n8n-2-newest.compat.test.ts: the last 2.x of the run after its first leg. */
export function newestLeg(legs: ReadonlyArray<{ n8n: string }> = runLegs()): { n8n: string } {
	const newest = legs.filter((leg, index) => index > 0 && leg.n8n.startsWith('2.')).at(-1);
	if (!newest) throw new Error(`the compatibility legs (${legs.map((leg) => leg.n8n).join(', ')}) list no second n8n 2.x`);
	return newest;
}

/** What every leg runs, in order; the titles are the README table's rows. */
export const CHECKS = {
	load: 'Both nodes and the credential load; light/dark icons are served; the AI tool variant is listed',
	jobProcess: 'Job → Process Files: 12 files from disk combined into 2 jobs, outputs paired with their files',
	partitionSplit: 'Document → Partition File: a 30-page PDF split into page ranges equals the whole file',
	secretSource: 'Secret → Register, Source Connector → Create (by reference and with an inline key)',
	channel: 'Notification Channel → Create (e-mail), code from the outbox → Verify → Get',
	workflowRun: 'Workflow → Run with two files, wait, elements downloaded and paired',
	trigger:
		'Trigger: activation registers the signed channel, a signed delivery starts one run, a forged one gets 401, deactivation deletes the channel',
	loader: 'Document Processing Loader under the In-Memory Vector Store: 3 items’ chunks each inserted once with flat metadata, the table found whole',
} as const;
export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

/** What one leg ran and passed. */
export interface LegRecord {
	n8n: string;
	node: string;
	passed: CheckId[];
}

export const RESULTS_DIR = path.join(__dirname, 'results');
export const recordFile = (n8nVersion: string): string => path.join(RESULTS_DIR, `n8n-${n8nVersion}.json`);

export function readRecord(n8nVersion: string): LegRecord | undefined {
	const file = recordFile(n8nVersion);
	return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LegRecord) : undefined;
}

export function writeRecord(record: LegRecord, dir: string = RESULTS_DIR): void {
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, path.basename(recordFile(record.n8n))), `${JSON.stringify(record, null, 2)}\n`);
}

/** Where a run on other legs (COMPAT_N8N_VERSIONS) leaves its records: outside results/, which the README table reads. */
export const OVERRIDE_RESULTS_DIR = path.join(__dirname, '..', '..', '.ci', 'out', 'compat-results');

/** The records of the configured legs, in LEGS order (a leg that never recorded is missing). */
export function readRecords(): LegRecord[] {
	return LEGS.map((leg) => readRecord(leg.n8n)).filter((r): r is LegRecord => r !== undefined);
}

/** The README's Compatibility table: one column per leg, one row per check. */
export function renderTable(records: LegRecord[]): string {
	const head = `| What \`npm test\` runs on each version | ${records.map((r) => `n8n ${r.n8n} on Node ${r.node}`).join(' | ')} |`;
	const rule = `|---|${records.map(() => ':-:').join('|')}|`;
	const rows = CHECK_IDS.map(
		(id) => `| ${CHECKS[id]} | ${records.map((r) => (r.passed.includes(id) ? 'passes' : '**fails**')).join(' | ')} |`,
	);
	return [head, rule, ...rows].join('\n');
}

export const TABLE_BEGIN = '<!-- compatibility table: generated by `npm run compat:readme` from test/compat/results -->';
export const TABLE_END = '<!-- end of compatibility table -->';

/** The table currently in the README (between the markers), or undefined. */
export function readmeTable(readme: string): string | undefined {
	const begin = readme.indexOf(TABLE_BEGIN);
	const end = readme.indexOf(TABLE_END);
	if (begin === -1 || end < begin) return undefined;
	return readme.slice(begin + TABLE_BEGIN.length, end).trim();
}

/** The README with its table replaced by the one rendered from the records. */
export function withTable(readme: string, records: LegRecord[]): string {
	const begin = readme.indexOf(TABLE_BEGIN);
	const end = readme.indexOf(TABLE_END);
	if (begin === -1 || end < begin) throw new Error('README has no compatibility table markers');
	return `${readme.slice(0, begin + TABLE_BEGIN.length)}\n${renderTable(records)}\n${readme.slice(end)}`;
}
