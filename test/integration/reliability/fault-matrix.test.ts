/**
 * Fault matrix: every service call of the package (the action node's operations and the
 * trigger's lifecycle) against every fault the emulator can inject, plus connection refused.
 * Each case starts from an empty fault list and request log, counts the service's entities
 * before and after, and checks: success after retries where resending is safe, otherwise one
 * clear NodeApiError; never a duplicate; never a hang; no secret in anything the user sees.
 *
 * Rows run on a few emulators side by side (cases of one row run in order on one emulator);
 * the cases are then reported one by one.
 */
jest.mock('../../../nodes/DocumentProcessing/transport/request', () =>
	(jest.requireActual('./transportSeam') as typeof import('./transportSeam')).seamedRequestModule(),
);

import { closeAllPools } from '../../../nodes/DocumentProcessing/transport';
import { FAULT_KINDS } from './faultKinds';
import { captureLogs, type LogCapture, leaksIn } from './leaks';
import { Lane, runCase } from './matrixRunner';
import { type CaseResult, renderMatrix, summarise } from './matrixTable';
import { type OperationUnderTest, operationsUnderTest } from './operations';
import { setCallOverrides } from './transportSeam';

/**
 * Emulators side by side: the cases mostly wait (launch spacing, polling, Retry-After). Alone on 2
 * cores, 3 lanes took 60 s and 8 take 30 s for the same 25 CPU s; only two rows launch jobs
 * (job.create, job.process), so more lanes add no launch contention.
 */
const LANES = 8;
/** The client's own backoff, shortened so the suite stays quick; Retry-After values are the service's and are honoured as sent. */
const FAST_BACKOFF = { baseDelayMs: 100, maxDelayMs: 1_000 };
/** Rows that wait longest go first so the lanes finish together. */
const SLOW_ROWS = ['job.process', 'job.waitForCompletion', 'job.create'];

const operations = operationsUnderTest();
const results = new Map<string, Map<string, CaseResult>>();
const failures = new Map<string, unknown>();
let logs: LogCapture;

const caseKey = (operation: string, fault: string) => `${operation} × ${fault}`;

async function runRow(lane: Lane, op: OperationUnderTest): Promise<void> {
	const row = new Map<string, CaseResult>();
	results.set(op.name, row);
	try {
		await lane.bench.reset();
		await op.setup?.(lane.bench);
	} catch (error) {
		for (const fault of FAULT_KINDS) failures.set(caseKey(op.name, fault.id), error);
		return;
	}
	for (const fault of FAULT_KINDS) {
		try {
			const { outcome: _outcome, ...result } = await runCase(lane, op, fault);
			row.set(fault.id, result);
		} catch (error) {
			failures.set(caseKey(op.name, fault.id), error);
		}
	}
}

beforeAll(async () => {
	setCallOverrides({ retry: FAST_BACKOFF });
	const lanes = await Promise.all(Array.from({ length: LANES }, async () => await Lane.start()));
	try {
		// A first execution creates n8n's logger; the capture goes in after it.
		await lanes[0].bench.run({ resource: 'job', operation: 'get', jobId: 'warm-up' }).catch(() => undefined);
		logs = captureLogs();
		const queue = [...operations].sort((a, b) => Number(SLOW_ROWS.includes(b.name)) - Number(SLOW_ROWS.includes(a.name)));
		await Promise.all(
			lanes.map(async (lane) => {
				for (let op = queue.shift(); op; op = queue.shift()) await runRow(lane, op);
			}),
		);
	} finally {
		await Promise.all(lanes.map(async (lane) => await lane.stop()));
		await closeAllPools();
	}
}, 170_000);

afterAll(() => {
	logs?.restore();
	setCallOverrides({});
	const ordered = new Map(operations.map((op) => [op.name, results.get(op.name) ?? new Map<string, CaseResult>()]));
	process.stdout.write(`\nFault matrix (emulator on loopback)\n\n${renderMatrix(ordered, FAULT_KINDS)}\n\n`);
});

describe.each(operations.map((op) => [op.name] as const))('%s', (name) => {
	it.each(FAULT_KINDS.map((fault) => [fault.label, fault.id] as const))('%s', (_label, faultId) => {
		const failure = failures.get(caseKey(name, faultId));
		if (failure) throw failure;
		expect(results.get(name)?.get(faultId)).toBeDefined();
	});
});

describe('the whole matrix', () => {
	it('left no duplicate anywhere and logged no secret', () => {
		const summary = summarise(results);
		expect(summary.cases).toBe(operations.length * FAULT_KINDS.length);
		expect(summary.duplicates).toBe(0);
		expect(summary.retriedOk + summary.okNotApplicable + summary.clearErrors).toBe(summary.cases);
		expect(logs.lines().filter((line) => leaksIn(line).length > 0)).toEqual([]);
	});
});
