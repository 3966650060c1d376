import { sleep } from '../helpers/sleep';

/**
 * The service refuses on-demand job launches less than one second apart. Every launch reserves
 * the next free slot for its workflow endpoint before it is sent, process-wide, so parallel items
 * and parallel executions in one n8n process never trip the limit.
 */
export const LAUNCH_SPACING_MS = 1_030; // 1 s plus a margin for timer and network jitter

interface EndpointPacing {
	/** Start of the next free slot. */
	nextSlot: number;
	/** When the latest launch really went out. */
	lastDispatch: number;
}

// One module instance per n8n process, shared by both nodes (see transport/agents.ts).
const pacing = new Map<string, EndpointPacing>();

function pacingOf(endpoint: string): EndpointPacing {
	let state = pacing.get(endpoint);
	if (!state) {
		state = { nextSlot: 0, lastDispatch: 0 };
		pacing.set(endpoint, state);
	}
	return state;
}

/**
 * Waits for this endpoint's next launch slot; `notBefore` lets a 429's Retry-After push it out.
 * Slots are reserved a spacing apart, but a launch that went out late (a busy event loop, a slow
 * file open) would leave the next slot closer than the spacing to it, and the service measures
 * the gap between arrivals. So a launch also waits until a full spacing has passed since the
 * previous launch was really dispatched (see `launchDispatched`).
 */
export async function waitForLaunchSlot(
	endpoint: string,
	options: { notBefore?: number; spacingMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
	const spacing = options.spacingMs ?? LAUNCH_SPACING_MS;
	const state = pacingOf(endpoint);
	const now = Date.now();
	const slot = Math.max(now, state.nextSlot, options.notBefore ?? 0);
	state.nextSlot = slot + spacing;
	await sleep(slot - now, options.signal);
	const due = state.lastDispatch + spacing;
	if (due > Date.now()) await sleep(due - Date.now(), options.signal);
}

/** Records that a launch is being handed to the connection now, after its slot was granted. */
export function launchDispatched(endpoint: string): void {
	pacingOf(endpoint).lastDispatch = Date.now();
}
