import { threadCpuMs } from '../../e2e/lib/thread-cpu.cjs';

/**
 * This process's CPU time (user and system, every thread: the PDF workers too) since the call, in
 * ms. The attack tests bound what a hostile file costs with it rather than a wall clock, which on
 * two loaded cores (CI runs three suites and several n8n processes at once) stretches 3–5×.
 */
export function cpuStopwatch(): () => number {
	const start = process.cpuUsage();
	return () => {
		const { user, system } = process.cpuUsage(start);
		return (user + system) / 1000;
	};
}

/**
 * The CPU time of this thread alone since the call, in ms, for work that runs on it (an inflater, a
 * parse in this thread). The process's figure also counts its other threads, and on a starved
 * machine their work (the collector's helpers, a worker of an earlier test winding down) came to a
 * second beside 3 ms of inflating. Where the kernel's figure cannot be read, the process's.
 */
export function threadCpuStopwatch(): () => number {
	const start = threadCpuMs(process.pid);
	if (start === undefined) return cpuStopwatch();
	return () => (threadCpuMs(process.pid) ?? Infinity) - start;
}
