import type { PageRange } from './pdfSplit';

export type RangeOutcome<T> = { range: PageRange; ok: true; value: T } | { range: PageRange; ok: false; error: Error };

export interface RangeRunOptions {
	concurrency: number;
	/** Keep going when a range fails; otherwise the first failure cancels the rest. */
	allowFailed: boolean;
	signal?: AbortSignal;
}

/** The first range that failed when failures were not allowed. */
export class RangeFailedError extends Error {
	constructor(
		readonly range: PageRange,
		readonly failure: Error,
	) {
		super(failure.message);
	}
}

function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(String(error));
}

/**
 * Runs `task` for every range with at most `concurrency` running. A range's task starts only
 * when a slot frees up, so whatever it builds (the range's PDF) exists only while it is in
 * flight: memory is bounded by concurrency × range size, not by the document.
 * Outcomes come back in range order, i.e. page order, whatever order they finished in.
 * Without `allowFailed`, the first failure aborts the signal handed to the running tasks,
 * starts no further range and is thrown as a RangeFailedError once the running ones settled.
 */
export async function runRanges<T>(
	ranges: PageRange[],
	task: (range: PageRange, signal: AbortSignal) => Promise<T>,
	options: RangeRunOptions,
): Promise<Array<RangeOutcome<T>>> {
	const controller = new AbortController();
	const outer = options.signal;
	const forwardAbort = () => controller.abort(outer?.reason);
	if (outer?.aborted) forwardAbort();
	else outer?.addEventListener('abort', forwardAbort, { once: true });

	const outcomes = new Array<RangeOutcome<T>>(ranges.length);
	let firstFailure: RangeFailedError | undefined;
	let next = 0;
	const lane = async (): Promise<void> => {
		while (next < ranges.length && !controller.signal.aborted) {
			const index = next++;
			const range = ranges[index] as PageRange;
			try {
				outcomes[index] = { range, ok: true, value: await task(range, controller.signal) };
			} catch (error) {
				outcomes[index] = { range, ok: false, error: asError(error) };
				if (outer?.aborted) return;
				if (!options.allowFailed && !firstFailure) {
					firstFailure = new RangeFailedError(range, asError(error));
					controller.abort(firstFailure);
				}
			}
		}
	};
	try {
		const lanes = Math.max(1, Math.min(options.concurrency, ranges.length));
		await Promise.all(Array.from({ length: lanes }, lane));
	} finally {
		outer?.removeEventListener('abort', forwardAbort);
	}
	if (outer?.aborted) throw asError(outer.reason ?? new Error('The execution was cancelled'));
	if (firstFailure) throw firstFailure;
	return outcomes;
}
