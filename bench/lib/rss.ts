import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Peak resident memory of this process while something runs. On Linux the kernel's own peak
 * (VmHWM, reset when the window opens) is exact and costs the measured code nothing; elsewhere,
 * and for the heap figures, memory is sampled on a short timer. The baseline is taken after a
 * full collection (run node with --expose-gc) so garbage left over from setting up the inputs
 * does not count as growth, and is not reusable headroom either.
 */
export interface RssWindow {
	baselineRss: number;
	peakRss: number;
	/** Peak of V8 heap plus external (Buffer) memory, for telling JS allocations from native ones. */
	peakHeapAndBuffers: number;
	baselineHeapAndBuffers: number;
}

export function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('run this process with --expose-gc: memory figures need a collection before the baseline');
	gc();
	gc();
}

/** Resets the kernel's peak RSS of this process to its current RSS; false where that is not possible. */
function resetKernelPeak(): boolean {
	try {
		writeFileSync('/proc/self/clear_refs', '5');
		return true;
	} catch {
		return false;
	}
}

function kernelPeak(): number {
	const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
	return match ? Number(match[1]) * 1024 : 0;
}

export class RssSampler {
	private readonly kernelPeak: boolean;
	private timer: NodeJS.Timeout | undefined;
	private readonly window: RssWindow;

	constructor(private readonly intervalMs = 5) {
		collectGarbage();
		const usage = process.memoryUsage();
		this.window = {
			baselineRss: usage.rss,
			peakRss: usage.rss,
			baselineHeapAndBuffers: usage.heapUsed + usage.external,
			peakHeapAndBuffers: usage.heapUsed + usage.external,
		};
		this.kernelPeak = resetKernelPeak();
	}

	start(): this {
		this.timer = setInterval(() => this.sample(), this.intervalMs);
		return this;
	}

	/** Also callable from inside the measured code, e.g. at a moment a timer might miss. */
	sample(): void {
		const usage = process.memoryUsage();
		this.window.peakRss = Math.max(this.window.peakRss, usage.rss);
		this.window.peakHeapAndBuffers = Math.max(this.window.peakHeapAndBuffers, usage.heapUsed + usage.external);
	}

	stop(): RssWindow {
		this.sample();
		clearInterval(this.timer);
		if (this.kernelPeak) this.window.peakRss = Math.max(this.window.peakRss, kernelPeak());
		return { ...this.window };
	}
}
