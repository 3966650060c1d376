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

