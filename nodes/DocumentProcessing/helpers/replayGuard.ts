import type { IDataObject } from 'n8n-workflow';
import { TIMESTAMP_TOLERANCE_SECONDS } from './webhookSignature';

/**
 * Remembers recently seen `webhook-id`s per channel so a redelivered event starts no second run.
 * A signed delivery is only accepted within the timestamp tolerance on either side, so an id
 * needs remembering for twice that long (plus a minute of clock slack) and no longer.
 *
 * Two layers. In memory, per process: a claim is atomic there, so duplicates reaching the same
 * process never both run, even at the same instant. Across processes (queue mode: webhook
 * processes and the main process all receive deliveries), through the node's static data: n8n
 * loads a workflow's static data from the database for every webhook request and saves it when
 * the node changed it (2.40.7: LiveWebhooks.executeWebhook → saveStaticData). That store is a
 * whole-document read and overwrite with no lock, so it catches a replay arriving at another
 * process after the original's save, but not one arriving at the same moment, and a concurrent
 * save from another process can drop ids (README, "Running in queue mode").
 */
const REMEMBER_MS = (2 * TIMESTAMP_TOLERANCE_SECONDS + 60) * 1000;
/** Per channel; also bounds what each delivery writes to the database (about 70 bytes per id). */
const MAX_IDS_PER_CHANNEL = 1000;
const MAX_CHANNELS = 500;
/** Static-data key: `{ [channelId]: { [webhookId]: epoch seconds first seen } }`. */
export const RECENT_DELIVERIES_KEY = 'documentProcessingRecentDeliveries';

interface ChannelWindow {
	/** Insertion order is arrival order, so the oldest entries come first. */
	seen: Map<string, number>;
	/**
	 * The same ids as a plain object, in seconds. It is put into static data by reference, so
	 * whenever n8n serialises static data for saving (after the delivery was answered), it writes
	 * everything this process has seen by then, including ids claimed by later requests whose own
	 * save may land earlier: the last save of a process never drops that process's ids.
	 */
	persisted: Record<string, number>;
}

const windows = new Map<string, ChannelWindow>();

function windowOf(channel: string): ChannelWindow {
	let window = windows.get(channel);
	if (window === undefined) {
		if (windows.size >= MAX_CHANNELS) {
			const oldest = windows.keys().next().value;
			if (oldest !== undefined) windows.delete(oldest);
		}
		window = { seen: new Map(), persisted: {} };
		windows.set(channel, window);
	}
	return window;
}

function remember(window: ChannelWindow, id: string, at: number): void {
	window.seen.set(id, at);
	window.persisted[id] = Math.floor(at / 1000);
}

function prune(window: ChannelWindow, now: number): void {
	for (const [id, at] of window.seen) {
		if (now - at < REMEMBER_MS && window.seen.size <= MAX_IDS_PER_CHANNEL) break;
		window.seen.delete(id);
		delete window.persisted[id];
	}
}

/** Ids other processes saved for this channel, still inside the window, oldest first. */
function savedIds(shared: IDataObject, channel: string, now: number): Array<[string, number]> {
	const all = shared[RECENT_DELIVERIES_KEY];
	if (typeof all !== 'object' || all === null || Array.isArray(all)) return [];
	const forChannel = (all as IDataObject)[channel];
	if (typeof forChannel !== 'object' || forChannel === null || Array.isArray(forChannel)) return [];
	return Object.entries(forChannel as IDataObject)
		.filter((entry): entry is [string, number] => typeof entry[1] === 'number' && now - entry[1] * 1000 < REMEMBER_MS)
		.sort((a, b) => a[1] - b[1])
		.map(([id, seconds]) => [id, seconds * 1000]);
}

/**
 * True the first time `webhookId` is claimed for `channel` within the window; false for a repeat.
 * With `shared` (the node's static data), ids saved by other processes count as seen, and this
 * process's window is put into it for n8n to save.
 */
export function claimDelivery(channel: string, webhookId: string, now: number = Date.now(), shared?: IDataObject): boolean {
	const window = windowOf(channel);
	if (shared !== undefined) {
		for (const [id, at] of savedIds(shared, channel, now)) if (!window.seen.has(id)) remember(window, id, at);
	}
	prune(window, now);
	if (window.seen.has(webhookId)) return false;
	remember(window, webhookId, now);
	prune(window, now);
	if (shared !== undefined) {
		// A new top-level value (rather than a change inside the old one) marks static data as changed.
		const previous = shared[RECENT_DELIVERIES_KEY];
		const others = typeof previous === 'object' && previous !== null && !Array.isArray(previous) ? (previous as IDataObject) : {};
		shared[RECENT_DELIVERIES_KEY] = { ...others, [channel]: window.persisted };
	}
	return true;
}

/** Gives a claimed id back, so the service's retry of a delivery that failed here can run. */
export function releaseDelivery(channel: string, webhookId: string): void {
	const window = windows.get(channel);
	window?.seen.delete(webhookId);
	if (window) delete window.persisted[webhookId];
}

/** Drops what is remembered for a channel once it is deleted. */
export function forgetChannel(channel: string): void {
	windows.delete(channel);
}
