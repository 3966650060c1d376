import { readFileSync } from 'node:fs';

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
 * How long this process's main thread has run on a CPU, in ms (the kernel's schedstat; the main
 * thread's id is the process id), or undefined where it cannot be read. Beside a wall clock it
 * tells a thread held by its own work from one waiting for a CPU that other processes hold.
 */
export function mainThreadCpuMs(): number | undefined {
	try {
		return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
	} catch {
		return undefined;
	}
}
