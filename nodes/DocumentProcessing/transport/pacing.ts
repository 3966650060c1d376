import { sleep } from '../helpers/sleep';

/**
 * The service refuses on-demand job launches less than one second apart. Every launch reserves
 * the next free slot for its workflow endpoint before it is sent, process-wide, so parallel items
 * and parallel executions in one n8n process never trip the limit.
 */
export const LAUNCH_SPACING_MS = 1_030; // 1 s plus a margin for timer and network jitter

const registryKey = Symbol.for('n8n-nodes-document-processing.launchSlots');
const globalStore = globalThis as typeof globalThis & { [registryKey]?: Map<string, number> };
const nextSlot: Map<string, number> = (globalStore[registryKey] ??= new Map());

/** Waits for this endpoint's next launch slot; `notBefore` lets a 429's Retry-After push it out. */
export async function waitForLaunchSlot(
	endpoint: string,
	options: { notBefore?: number; spacingMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
	const spacing = options.spacingMs ?? LAUNCH_SPACING_MS;
	const now = Date.now();
	const slot = Math.max(now, nextSlot.get(endpoint) ?? 0, options.notBefore ?? 0);
	nextSlot.set(endpoint, slot + spacing);
	await sleep(slot - now, options.signal);
}

