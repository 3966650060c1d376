// How much of a wait a thread spent working: the attack checks' rule for "its event loop was held",
// in plain CommonJS so that the health probe's worker thread (served-attack.ts) and TypeScript
// tests share it. The kernel's schedstat gives a thread's time on a CPU, which a loaded machine
// does not stretch as it stretches a wall clock.
const { readFileSync } = require('node:fs');

/** How long thread `tid` of process `pid` has run on a CPU, in ms, or undefined where schedstat cannot be read. */
function threadCpuMs(pid, tid = pid) {
	try {
		return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
	} catch {
		return undefined;
	}
}

/** A wait of `waitMs` counts as held for as long as the thread ran in it; where that is unknown, the whole wait. */
function heldMs(waitMs, cpuBeforeMs, cpuAfterMs) {
	return cpuBeforeMs === undefined || cpuAfterMs === undefined ? waitMs : Math.min(waitMs, cpuAfterMs - cpuBeforeMs);
}

module.exports = { threadCpuMs, heldMs };
