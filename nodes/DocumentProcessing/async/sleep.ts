import * as n8nWorkflow from 'n8n-workflow';

type AbortableSleep = (ms: number, signal: AbortSignal) => Promise<void>;

// n8n 2.x's `sleep` takes the signal; n8n 1.x's ignores it and offers `sleepWithAbort` instead
// (the n8n-workflow at run time is the instance's own, a peer dependency).
const sleepWithAbort: AbortableSleep =
	(n8nWorkflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ?? n8nWorkflow.sleep;

/** A timer that an execution's cancel signal can cut short (n8n-workflow's sleep). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw abortReason(signal);
	if (ms <= 0) return;
	if (!signal) return await n8nWorkflow.sleep(ms);
	// It only rejects when the signal fires; the reason is normalised like the check above.
	await sleepWithAbort(ms, signal).catch(() => {
		throw abortReason(signal);
	});
}

function abortReason(signal?: AbortSignal): Error {
	return signal?.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');
}
