import { sleep } from '../async/sleep';

/**
 * The service refuses on-demand job launches less than one second apart, counted from when it
 * accepted the previous launch, i.e. after that launch's upload had fully arrived. The node
 * cannot see that moment, but it lies before the launch's response, so each launch waits a
 * spacing after the previous launch's response. Launches of one endpoint therefore never
 * overlap: one uploading 50 MB holds the turn until its answer arrives. Pacing is process-wide,
 * so parallel items and parallel executions in one n8n process never trip the limit.
 */
export const LAUNCH_SPACING_MS = 1_010; // 1 s plus a margin for timer and clock granularity; network time only adds to the gap

/** Time as pacing sees it: the real clock in the node, a virtual one in unit tests. */
export interface PacingClock {
	now(): number;
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: PacingClock = { now: () => Date.now(), sleep };

/** A launch's turn; `finished()` must be called once its answer arrived or the attempt failed. */
export interface LaunchTurn {
	finished(): void;
}

function abortReason(signal: AbortSignal): Error {
	return signal.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');
}

/** Waits for `promise`, but gives up as soon as the execution is cancelled. */
async function unlessAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
	if (!signal) return await promise;
	if (signal.aborted) throw abortReason(signal);
	let onAbort: (() => void) | undefined;
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(abortReason(signal));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([promise, aborted]);
	} finally {
		if (onAbort) signal.removeEventListener('abort', onAbort);
	}
}

/** The launch queue of one endpoint. */
export class LaunchPacer {
	/** Settles when the latest queued launch has finished. */
	private tail: Promise<void> = Promise.resolve();
	/** When the previous launch's answer (or failure) came back. */
	private lastFinished = Number.NEGATIVE_INFINITY;
	/** No launch starts before this: set after a 429 (retry.ts, launch contention). */
	private heldUntil = Number.NEGATIVE_INFINITY;

	constructor(
		private readonly clock: PacingClock = realClock,
		/** Settable: a lane's spacing is the one its latest caller asked for (pause mode's option). */
		public spacingMs: number = LAUNCH_SPACING_MS,
	) {}

	/**
	 * Waits until every earlier launch has finished and a spacing has passed since the last one;
	 * `notBefore` lets a 429's Retry-After push the turn out further.
	 */
	async turn(options: { notBefore?: number; signal?: AbortSignal } = {}): Promise<LaunchTurn> {
		const previous = this.tail;
		let release!: () => void;
		const mine = new Promise<void>((resolve) => (release = resolve));
		// A launch cancelled while queued must not let the next one overtake the one before it.
		this.tail = previous.then(() => mine);
		let granted = false;
		try {
			await unlessAborted(previous, options.signal);
			// A wall clock stepped back (NTP) must not hold launches for the size of the step.
			const last = Math.min(this.lastFinished, this.clock.now());
			const due = Math.max(last + this.spacingMs, options.notBefore ?? 0, this.heldUntil);
			await this.clock.sleep(due - this.clock.now(), options.signal);
			granted = true;
		} finally {
			// A launch cancelled while waiting gives its turn on.
			if (!granted) release();
		}
		let done = false;
		return {
			finished: () => {
				if (done) return;
				done = true;
				this.lastFinished = this.clock.now();
				release();
			},
		};
	}

	/**
	 * Holds every launch of this endpoint until `until` (after a 429), so the launches queued
	 * behind the refused one do not each go out and get refused too.
	 */
	hold(until: number): void {
		this.heldUntil = Math.max(this.heldUntil, until);
	}
}

// One module instance per n8n process, shared by both nodes (see transport/agents.ts).
const pacers = new Map<string, LaunchPacer>();

/**
 * The process-wide launch queue of one workflow endpoint, or of one lane of it (`key` is then the
 * endpoint plus the lane's name, e.g. pause mode's workflow runs, with their own spacing).
 */
export function launchPacer(key: string, spacingMs: number = LAUNCH_SPACING_MS): LaunchPacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new LaunchPacer(realClock, spacingMs);
		pacers.set(key, pacer);
	}
	pacer.spacingMs = spacingMs;
	return pacer;
}
