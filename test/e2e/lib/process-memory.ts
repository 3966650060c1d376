import * as fs from 'node:fs';

/**
 * A memory figure of a process in bytes, from /proc/<pid>/status (VmRSS: resident now; VmHWM: the
 * peak since the last reset of /proc/<pid>/clear_refs). A process that has ended its memory (a
 * zombie has no such line) gives `ifAbsent` when one is given, else an error.
 */
export function processMemoryBytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS', ifAbsent?: number): number {
	const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
	if (match) return Number(match[1]) * 1024;
	if (ifAbsent !== undefined) return ifAbsent;
	throw new Error(`no ${field} for process ${pid}`);
}
