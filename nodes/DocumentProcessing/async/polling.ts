export interface PollSchedule {
	/** First wait, in milliseconds. */
	initialMs: number;
	factor: number;
	/** Longest wait between two polls. */
	maxMs: number;
}

/**
 * Short jobs are noticed within about a second of finishing; long jobs settle at one poll per
 * `maxMs` (10 s by default, six a minute).
 */
export const DEFAULT_POLL_SCHEDULE: PollSchedule = { initialMs: 1_000, factor: 1.5, maxMs: 10_000 };

export function pollDelay(pollIndex: number, schedule: PollSchedule): number {
	return Math.min(schedule.maxMs, Math.round(schedule.initialMs * schedule.factor ** pollIndex));
}
