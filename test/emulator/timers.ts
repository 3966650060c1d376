/**
 * Every timer the emulator starts goes through a TimerSet, so close() and reset can
 * cancel them all and jest sees no open handles.
 */
export class TimerSet {
	private readonly pending = new Map<NodeJS.Timeout, () => void>();
	private closed = false;

	schedule(ms: number, fn: () => void): NodeJS.Timeout | undefined {
		if (this.closed) return undefined;
		const handle = setTimeout(() => {
			this.pending.delete(handle);
			fn();
		}, ms);
		this.pending.set(handle, () => undefined);
		return handle;
	}

	cancel(handle: NodeJS.Timeout | undefined): void {
		if (handle === undefined) return;
		clearTimeout(handle);
		const onCancel = this.pending.get(handle);
		this.pending.delete(handle);
		onCancel?.();
	}

	/** Resolves true after `ms`, or false if the timer set is cleared first. */
	sleep(ms: number): Promise<boolean> {
		if (this.closed) return Promise.resolve(false);
		if (ms <= 0) return Promise.resolve(true);
		return new Promise((resolve) => {
			const handle = setTimeout(() => {
				this.pending.delete(handle);
				resolve(true);
			}, ms);
			this.pending.set(handle, () => resolve(false));
		});
	}

	clearAll(): void {
		for (const handle of [...this.pending.keys()]) this.cancel(handle);
	}

	close(): void {
		this.closed = true;
		this.clearAll();
	}
}
