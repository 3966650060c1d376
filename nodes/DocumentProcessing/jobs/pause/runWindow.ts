import type { CallContext } from '../../api/context';
import { getJob } from '../../api/jobs';
import { sleep } from '../../async/sleep';
import { isTerminal } from '../wait';

/** How often a launch held by the window looks again at the runs in it. */
const RECHECK_MS = 1_000;

/**
 * Pause mode's rule of runs at once, as the service states it for on-demand jobs (5 running per
 * account; workflow runs have no documented limit): a run is launched only while fewer than `size`
 * of this execution's runs are unfinished. Launches take their turn in order; the runs in the
 * window are read again only when it is full, oldest first and only until one has ended (runs
 * end about in launch order), so with jobs shorter than `size` launch spacings it costs about one
 * read per launch. `size` 0 means no window (the service queues runs itself). The wait for a slot
 * ends at `until` (the pause's deadline) in any case.
 */
export class RunWindow {
	private readonly unfinished = new Set<string>();
	/** Launches sent and not yet answered: they hold a slot too. */
	private launching = 0;
	private queue: Promise<void> = Promise.resolve();

	constructor(
		private readonly size: number,
		private readonly until: number,
	) {}

	/** Runs `launch` once a slot is free; its run counts as unfinished until seen ended. */
	async launch<T extends { id: string }>(call: CallContext, launch: () => Promise<T>): Promise<T> {
		if (this.size <= 0) return await launch();
		const turn = this.queue.then(async () => {
			await this.freeSlot(call);
			this.launching++;
		});
		this.queue = turn.catch(() => undefined);
		await turn;
		try {
			const run = await launch();
			this.unfinished.add(run.id);
			return run;
		} finally {
			this.launching--;
		}
	}

	private held(): number {
		return this.unfinished.size + this.launching;
	}

	private async freeSlot(call: CallContext): Promise<void> {
		while (this.held() >= this.size && Date.now() < this.until) {
			// Oldest first (runs end about in launch order), and only until a slot is free.
			for (const id of [...this.unfinished]) {
				if (isTerminal((await getJob(call, id)).status)) this.unfinished.delete(id);
				if (this.held() < this.size) return;
			}
			if (this.held() < this.size) return;
			await sleep(RECHECK_MS, call.signal);
		}
	}
}
