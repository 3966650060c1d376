/** Runs one (operation, fault) case on an emulator and checks everything the matrix promises. */
import { NodeApiError } from 'n8n-workflow';
import { Bench, type Counts, credentialsFor, EMULATOR_CONFIG } from './bench';
import { type FaultKind, SHORT_TIMEOUT_MS } from './faultKinds';
import { LateListener } from './lateListener';
import { leaksIn } from './leaks';
import { type CaseResult, cellFor } from './matrixTable';
import type { Entity, OperationUnderTest, Outcome } from './operations';
import { withTimeout } from './transportSeam';

const ENTITIES: Entity[] = ['jobs', 'secrets', 'sources', 'destinations', 'channels', 'workflows'];
/** Far beyond any case: a hang shows here, not as a jest timeout. */
export const NO_HANG_MS = 15_000;
/**
 * A launch may wait this long for its slot before its first attempt: a 429 the matrix injects on
 * one lane holds this process's launches for its Retry-After plus up to one spacing of jitter
 * (transport/retry.ts, launch contention), and the lanes share the process.
 */
const LAUNCH_SLOT_MS = 3 * 1_100;

/**
 * The node reserves launch slots 1 030 ms apart, but the service measures the spacing when a
 * request arrives; with three emulators busy on two cores, arrival jitter now and then exceeds
 * the 30 ms margin and the service answers a real 429 (which the node retries). A real 429 would
 * take the injected fault in the node's place, so the lanes' service spaces launches at 900 ms.
 */
const MATRIX_CONFIG = { ...EMULATOR_CONFIG, launch_spacing_ms: 900 };

/** One emulator; a suite may run several lanes side by side. */
export class Lane {
	private constructor(readonly bench: Bench) {}

	static async start(): Promise<Lane> {
		return new Lane(await Bench.start(MATRIX_CONFIG));
	}

	async stop(): Promise<void> {
		await this.bench.stop();
	}
}

function expectedDeltas(op: OperationUnderTest, fault: FaultKind, succeeded: boolean): Partial<Record<Entity, number>> {
	const deltas: Partial<Record<Entity, number>> = {};
	const { creates, before, after, deletes } = op.effects;
	if (before) deltas[before] = 1;
	if (creates) deltas[creates] = succeeded || fault.acted ? 1 : 0;
	if (after) deltas[after] = succeeded ? 1 : 0;
	if (deletes) deltas[deletes] = succeeded || fault.acted ? -1 : 0;
	return deltas;
}

/** Entities beyond the one each step meant to create. */
function duplicatesIn(op: OperationUnderTest, before: Counts, after: Counts): number {
	const intended = new Set([op.effects.creates, op.effects.before, op.effects.after].filter(Boolean));
	return ENTITIES.reduce((sum, entity) => sum + Math.max(0, after[entity] - before[entity] - (intended.has(entity) ? 1 : 0)), 0);
}

function expectOneClearError(op: OperationUnderTest, fault: FaultKind, outcome: Outcome): void {
	expect(outcome.output).toBeUndefined();
	expect(outcome.error).toBeInstanceOf(NodeApiError);
	const error = outcome.error as NodeApiError;
	const shape = fault.errorShape;
	if (!shape) throw new Error(`fault ${fault.id} was expected to recover`);
	expect(error.message).toMatch(shape.message);
	expect(error.description).toMatch(shape.description ?? /\S/);
	if (shape.httpCode) expect(error.httpCode).toBe(shape.httpCode);
	// The error says which call failed, at the description's end rather than its start.
	expect(error.description).toMatch(/\([^()]*(POST|GET|PUT|PATCH|DELETE) (\/api\/v1\/|to the Partition URL)[^()]*\)/);
	expect(error.description).not.toMatch(/^(POST|GET|PUT|PATCH|DELETE) /);
	expect(error.context.itemIndex).toBe(op.itemIndex);
}

export async function runCase(lane: Lane, op: OperationUnderTest, fault: FaultKind): Promise<CaseResult & { outcome: Outcome }> {
	const { bench } = lane;
	const prepared = await op.prepare(bench);
	await bench.clearCase();
	const before = await bench.counts();
	const { target } = prepared;
	let credentials = bench.credentials;
	// A port of its own for each refused case, found free just before the node tries it.
	const listener = fault.refused ? await LateListener.reserve(bench.emulator.url) : undefined;
	if (listener) credentials = credentialsFor(listener.origin);
	else await bench.fault({ method: target.method, path: target.path, times: 1, ...fault.spec?.() });

	const started = Date.now();
	let outcome: Outcome;
	let ms: number;
	try {
		outcome = fault.slow
			? await withTimeout(bench.emulator.url, SHORT_TIMEOUT_MS, async () => await prepared.run(credentials))
			: await prepared.run(credentials);
		// The node's time alone, as before the listener was shut here.
		ms = Date.now() - started;
	} finally {
		await listener?.shut();
	}
	const refused = listener?.refused ?? 0;

	const after = await bench.counts();
	const attempts = (await bench.requests()).filter((request) => request.method === target.method && request.path === target.path).length;
	const result = { category: 'error' as CaseResult['category'], cell: '', duplicates: duplicatesIn(op, before, after), ms, outcome };

	// Only the injected fault failed a request: no real rate limit got in the way.
	expect(after.rate_limited - before.rate_limited).toBe(0);
	if (fault.refused) expect(refused).toBeGreaterThanOrEqual(1);
	// The fault hit the request it was aimed at.
	else expect((await bench.control<{ faults: unknown[] }>('/faults')).faults).toEqual([]);
	expect(ms).toBeLessThan(NO_HANG_MS);
	expect(leaksIn(outcome)).toEqual([]);
	if (fault.recovers(op)) {
		expect(outcome.error).toBeUndefined();
		// An output file may be any JSON: the "off-schema" body is a valid file and comes out as extracted data.
		const validAsAnyJson = op.anyJson === true && fault.id === 'schema-break';
		if (validAsAnyJson) expect(outcome.output?.[0]?.json.extracted_data).toEqual({ unexpected: true });
		else await prepared.succeeded(outcome);
		const cannotApply =
			validAsAnyJson ||
			(op.emptyAnswer === true && (fault.id === 'truncated-json' || fault.id === 'schema-break')) ||
			(op.readsBack === true && fault.id === 'schema-break');
		if (!cannotApply && !fault.refused) expect(attempts).toBeGreaterThanOrEqual(2);
		result.category = cannotApply ? 'ok' : 'retried-ok';
	} else {
		expectOneClearError(op, fault, outcome);
		// Not resent: the service may have acted on it.
		expect(attempts).toBe(1);
		if (fault.slow) expect(ms).toBeLessThan(SHORT_TIMEOUT_MS + (op.launches ? LAUNCH_SLOT_MS : 0) + 2_000);
	}
	const deltas = expectedDeltas(op, fault, outcome.error === undefined);
	for (const entity of ENTITIES) expect({ entity, delta: after[entity] - before[entity] }).toEqual({ entity, delta: deltas[entity] ?? 0 });
	result.cell = cellFor(result.category, fault);
	return result;
}
