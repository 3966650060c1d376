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
const MAX_IDS_PER_CHANNEL = 2000;
const MAX_CHANNELS = 500;

const seenByChannel = new Map<string, Map<string, number>>();

function prune(seen: Map<string, number>, now: number): void {
	// Insertion order is arrival order, so the oldest entries come first.
	for (const [id, at] of seen) {
		if (now - at < REMEMBER_MS && seen.size <= MAX_IDS_PER_CHANNEL) break;
		seen.delete(id);
	}
}

/** True the first time `webhookId` is claimed for `channel` within the window; false for a repeat. */
export function claimDelivery(channel: string, webhookId: string, now: number = Date.now()): boolean {
	let seen = seenByChannel.get(channel);
	if (seen === undefined) {
		if (seenByChannel.size >= MAX_CHANNELS) {
			const oldest = seenByChannel.keys().next().value;
			if (oldest !== undefined) seenByChannel.delete(oldest);
		}
		seen = new Map();
		seenByChannel.set(channel, seen);
	}
	prune(seen, now);
	if (seen.has(webhookId)) return false;
	seen.set(webhookId, now);
	return true;
}

/** Gives a claimed id back, so the service's retry of a delivery that failed here can run. */
export function releaseDelivery(channel: string, webhookId: string): void {
	seenByChannel.get(channel)?.delete(webhookId);
}

/** Drops what is remembered for a channel once it is deleted. */
export function forgetChannel(channel: string): void {
	seenByChannel.delete(channel);
}
