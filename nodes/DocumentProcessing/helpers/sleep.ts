/** A timer that an execution's cancel signal can cut short. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw abortReason(signal);
	if (ms <= 0) return;
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(done, ms);
		function done() {
			signal?.removeEventListener('abort', aborted);
			resolve();
		}
		function aborted() {
			clearTimeout(timer);
			reject(abortReason(signal));
		}
		signal?.addEventListener('abort', aborted, { once: true });
	});
}

function abortReason(signal?: AbortSignal): Error {
	return signal?.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');
}
