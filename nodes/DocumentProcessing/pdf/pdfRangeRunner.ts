import { mapLimited, type LaneView } from '../async/concurrency';
import type { PageRange } from './pdfSplit';

export type RangeOutcome<T> = { range: PageRange; ok: true; value: T } | { range: PageRange; ok: false; error: Error };

export interface RangeRunOptions<P> {
	concurrency: number;
	/**
	 * Makes what a range's task sends (its PDF). The next range is prepared while the running ones
	 * are in flight, so a slot that frees up sends at once: one range ahead, never more. It is
	 * prepared once the running task reports its request sent (or settles): building is CPU work on
	 * the one JavaScript thread, and started earlier it would hold up that request's upload.
	 */
	prepare?: (range: PageRange) => Promise<P>;
	/**
	 * Keep going when a range's task fails; otherwise the first failure cancels the rest. A range
	 * that cannot be prepared always cancels the rest: that is the caller's own fault, which the
	 * caller handles for the whole run (the split PDF is sent whole), not a failed range.
	 */
	allowFailed: boolean;
	signal?: AbortSignal;
}

/** The first range that failed when failures were not allowed, or the first that could not be prepared. */
export class RangeFailedError extends Error {
	constructor(
		readonly range: PageRange,
		readonly failure: Error,
		/** `prepare`: its input could not be made, so no request was sent for it. */
		readonly stage: 'prepare' | 'task' = 'task',
	) {
		super(failure.message);
	}
}

function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(String(error));
}

/**
 * Runs `task` for every range with at most `concurrency` running. A range is prepared one step
 * ahead of a free slot at most, so whatever it builds (the range's PDF) exists only while it is in
 * flight or next in line: memory is bounded by (concurrency + 1) ranges, not by the document.
 * Outcomes come back in range order, i.e. page order, whatever order they finished in.
 * Without `allowFailed`, the first failure aborts the signal handed to the running tasks,
 * starts no further range and is thrown as a RangeFailedError once the running ones settled;
 * a failed prepare does so with `allowFailed` too.
 */
export async function runRanges<T, P = undefined>(
	ranges: PageRange[],
	task: (range: PageRange, signal: AbortSignal, prepared: P, sent: () => void) => Promise<T>,
	options: RangeRunOptions<P>,
): Promise<Array<RangeOutcome<T>>> {
	const controller = new AbortController();
	// Each running range gets a signal of its own, aborted with the run's: its request and retry
	// waits listen to it, and 15 ranges listening to one signal would pass Node's default of 10
	// listeners, whose "possible memory leak" warning lands in n8n's log.
	const running = new Set<AbortController>();
	const stop = (reason: unknown) => {
		controller.abort(reason);
		for (const range of running) range.abort(reason);
	};
	const outer = options.signal;
	const forwardAbort = () => stop(outer?.reason);
	if (outer?.aborted) forwardAbort();
	else outer?.addEventListener('abort', forwardAbort, { once: true });

	const outcomes = new Array<RangeOutcome<T>>(ranges.length);
	let firstFailure: RangeFailedError | undefined;
	const prepared = new Map<number, Promise<P>>();
	// Builds take turns, in range order, and each waits until the range built before it has gone
	// out (its task reported the request sent, or settled, or its build failed). Building is CPU
	// work on the one JavaScript thread: run back to back, the first wave's builds held up the
	// first range's request by the time of all the others; this way each range leaves as soon as
	// it is built.
	const released = new Map<number, () => void>();
	let turn: Promise<void> = Promise.resolve();
	const release = (index: number) => {
		released.get(index)?.();
		released.delete(index);
	};
	const prepareAt = (index: number): Promise<P> => {
		let promise = prepared.get(index);
		if (!promise) {
			const prepare = options.prepare;
			if (prepare) {
				promise = turn.then(async () => {
					// A range whose turn comes after the run stopped is neither built nor sent.
					if (controller.signal.aborted) throw asError(controller.signal.reason);
					return await prepare(ranges[index] as PageRange);
				});
				turn = new Promise((resolve) => released.set(index, resolve));
				promise.catch(() => release(index));
			} else {
				promise = Promise.resolve(undefined as P);
			}
			// Awaited by the lane that takes the range; a failure counts as that range's failure.
			promise.catch(() => undefined);
			prepared.set(index, promise);
		}
		return promise;
	};
	const runRange = async (index: number, lanes: LaneView): Promise<void> => {
		const range = ranges[index] as PageRange;
		let nextPrepared = false;
		const sent = () => {
			release(index);
			if (nextPrepared || controller.signal.aborted) return;
			nextPrepared = true;
			const upcoming = lanes.upcoming();
			if (upcoming !== undefined) void prepareAt(upcoming);
		};
		let stage: RangeFailedError['stage'] = 'prepare';
		try {
			let input: P;
			try {
				input = await prepareAt(index);
			} finally {
				prepared.delete(index);
			}
			stage = 'task';
			if (controller.signal.aborted) throw asError(controller.signal.reason);
			const own = new AbortController();
			running.add(own);
			try {
				outcomes[index] = { range, ok: true, value: await task(range, own.signal, input, sent) };
			} finally {
				running.delete(own);
			}
		} catch (error) {
			outcomes[index] = { range, ok: false, error: asError(error) };
			if (outer?.aborted) return;
			if ((!options.allowFailed || stage === 'prepare') && !firstFailure) {
				firstFailure = new RangeFailedError(range, asError(error), stage);
				stop(firstFailure);
			}
		} finally {
			// A task that never reported its request sent (it failed before) still lets the next one be built.
			sent();
		}
	};
	try {
		await mapLimited(ranges.length, options.concurrency, runRange, { stopped: () => controller.signal.aborted });
	} finally {
		outer?.removeEventListener('abort', forwardAbort);
	}
	if (outer?.aborted) throw asError(outer.reason ?? new Error('The execution was cancelled'));
	if (firstFailure) throw firstFailure;
	return outcomes;
}
