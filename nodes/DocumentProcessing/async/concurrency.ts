// async/ owns how work is spread over time and lanes: the one bounded-concurrency helper
// (this file), the abortable sleep (sleep.ts) and the poll schedule (polling.ts). It imports
// nothing of this package (n8n-workflow only), so every folder, transport/ included, may use it.

/** What a worker may ask while it runs: the index the next free lane will take, if any. */
export interface LaneView {
	/** The next index not yet taken (undefined when none is left or the run stopped). */
	upcoming(): number | undefined;
}

export interface MapLimitedOptions {
	/** Checked before a lane takes the next index: true leaves the rest untaken. */
	stopped?: () => boolean;
}

/**
 * The one bounded-concurrency helper: runs `worker` for the indices 0 … count−1 with at most
 * `limit` running at once, each lane taking the next index as soon as its previous one settled,
 * and returns the results in index order whatever order they finished in. A worker that throws
 * rejects the whole call once the other lanes settled (catch inside the worker to keep going).
 */
export async function mapLimited<T>(
	count: number,
	limit: number,
	worker: (index: number, lanes: LaneView) => Promise<T>,
	options: MapLimitedOptions = {},
): Promise<T[]> {
	const results = new Array<T>(count);
	const stopped = options.stopped ?? (() => false);
	let next = 0;
	const view: LaneView = { upcoming: () => (next < count && !stopped() ? next : undefined) };
	let failure: { error: unknown } | undefined;
	const lane = async (): Promise<void> => {
		while (next < count && !stopped() && !failure) {
			const index = next++;
			try {
				results[index] = await worker(index, view);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
	if (failure) throw failure.error;
	return results;
}
