import { TIMESTAMP_TOLERANCE_SECONDS } from './webhookSignature';

/**
 * Remembers recently seen `webhook-id`s per channel so a redelivered event starts no second run.
 * A signed delivery is only accepted within the timestamp tolerance on either side, so an id
 * needs remembering for twice that long (plus a minute of clock slack) and no longer.
 * Kept in memory, per process: a claim is atomic there, so duplicates reaching the same process
 * never both run, even at the same instant. Nothing wider is available to webhook() in n8n
 * 2.40.7: static data it changes is not saved when the delivery starts an execution (the runner
 * wraps the same static-data object in a new Workflow before the webhook handler saves it, which
 * clears n8n's "changed" flag), and the deduplication helpers exist only for execute(). In queue
 * mode a replay reaching another process therefore runs again (README, "Running in queue mode").
 */
const REMEMBER_MS = (2 * TIMESTAMP_TOLERANCE_SECONDS + 60) * 1000;

interface Bounds {
	maxIdsPerChannel: number;
	maxChannels: number;
}

/** Claims by channel and id, each remembered for REMEMBER_MS and within its own bounds. */
class ClaimMemory {
	private readonly seenByChannel = new Map<string, Map<string, number>>();

	constructor(private readonly bounds: Bounds) {}

	claim(channel: string, id: string, now: number): boolean {
		let seen = this.seenByChannel.get(channel);
		if (seen === undefined) {
			if (this.seenByChannel.size >= this.bounds.maxChannels) {
				const oldest = this.seenByChannel.keys().next().value;
				if (oldest !== undefined) this.seenByChannel.delete(oldest);
			}
			seen = new Map();
			this.seenByChannel.set(channel, seen);
		}
		// Insertion order is arrival order, so the oldest entries come first.
		for (const [known, at] of seen) {
			if (now - at < REMEMBER_MS && seen.size < this.bounds.maxIdsPerChannel) break;
			seen.delete(known);
		}
		if (seen.has(id)) return false;
		seen.set(id, now);
		return true;
	}

	release(channel: string, id: string): void {
		this.seenByChannel.get(channel)?.delete(id);
	}

	forget(channel: string): void {
		this.seenByChannel.delete(channel);
	}
}

/**
 * Two memories with bounds of their own: the trigger's deliveries, and the resumes of paused
 * executions. Shared, 500 resumes evicted a trigger's memory and a replayed delivery ran again.
 */
const deliveries = new ClaimMemory({ maxIdsPerChannel: 2000, maxChannels: 500 });
const resumes = new ClaimMemory({ maxIdsPerChannel: 10_000, maxChannels: 1 });
const RESUMES = 'resumes';

/** True the first time `webhookId` is claimed for `channel` within the window; false for a repeat. */
export function claimDelivery(channel: string, webhookId: string, now: number = Date.now()): boolean {
	return deliveries.claim(channel, webhookId, now);
}

/** Gives a claimed id back, so the service's retry of a delivery that failed here can run. */
export function releaseDelivery(channel: string, webhookId: string): void {
	deliveries.release(channel, webhookId);
}

/** Drops what is remembered for a channel once it is deleted. */
export function forgetChannel(channel: string): void {
	deliveries.forget(channel);
}

/** True the first time one pause (execution and pause reference) is claimed for resuming. */
export function claimResume(pause: string, now: number = Date.now()): boolean {
	return resumes.claim(RESUMES, pause, now);
}

/** Gives a resume claim back, so a later event can try again. */
export function releaseResume(pause: string): void {
	resumes.release(RESUMES, pause);
}
