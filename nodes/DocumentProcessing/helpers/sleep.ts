import { sleep as n8nSleep } from 'n8n-workflow';

/** A timer that an execution's cancel signal can cut short (n8n-workflow's `sleep`). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw abortReason(signal);
	if (ms <= 0) return;
	// It only rejects when the signal fires; the reason is normalised like the check above.
	await n8nSleep(ms, signal).catch(() => {
		throw abortReason(signal);
	});
}

function abortReason(signal?: AbortSignal): Error {
	return signal?.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');
}
