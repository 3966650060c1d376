/**
 * What the attack suites and benches share when they attack a served n8n from outside: its
 * health check probed back to back (how long its event loop was held at most), its resident
 * memory sampled (the peak over a baseline), and an n8n form submitted as its page does.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { processMemoryBytes } from './process-memory';

/**
 * The probe, in a worker thread of its own: the emulator that takes the attack's upload runs on
 * the test's main thread, and a probe sharing that thread's event loop would count the emulator's
 * parsing of a 10 MB body as n8n's wait (a loaded machine made that over a second).
 *
 * Around each probe it reads how long n8n's main thread has run on a CPU (thread-cpu.cjs): the
 * part of a wait that n8n's event loop spent working, as opposed to waiting for a CPU that other
 * processes held.
 */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { threadCpuMs, heldMs } = require(workerData.threadCpu);
let running = true, longestWaitMs = 0, longestHeldMs = 0;
parentPort.once('message', () => { running = false; });
(async () => {
  while (running) {
    const cpuBefore = threadCpuMs(workerData.pid), started = performance.now();
    await fetch(workerData.url + '/healthz', { signal: AbortSignal.timeout(60000) }).catch(() => undefined);
    const waitMs = performance.now() - started;
    longestWaitMs = Math.max(longestWaitMs, waitMs);
    longestHeldMs = Math.max(longestHeldMs, heldMs(waitMs, cpuBefore, threadCpuMs(workerData.pid)));
    if (workerData.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, workerData.gapMs));
  }
  parentPort.postMessage({ longestWaitMs: Math.round(longestWaitMs), longestHeldMs: Math.round(longestHeldMs) });
})();
`;

/** What watching n8n's health check found. */
export interface HealthWatch {
	/** The longest a /healthz answer took, wall time: on a loaded machine this includes waiting for a CPU. */
	longestWaitMs: number;
	/**
	 * The most CPU time n8n's main thread spent within one /healthz wait: how long its event loop
	 * was held by its own work at most, whatever else the machine ran. The attack bound is on this.
	 */
	longestHeldMs: number;
}

/** Issue 49's bounds on what one attack may do to a served n8n: its RSS growth, and the longest its event loop is held (`longestHeldMs`). */
export const ATTACK_BOUNDS = { rssGrowthMiB: 256, loopHeldMs: 1_000 } as const;

/**
 * Polls n8n's health check until stopped, `gapMs` between answer and next probe (0: back to back).
 * `n8n.pid` is its main process, whose main thread's CPU time is read around each probe.
 */
export function watchHealth(n8n: { url: string; pid: number }, gapMs = 50): { stop: () => Promise<HealthWatch> } {
	const worker = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: n8n.url, pid: n8n.pid, gapMs, threadCpu: path.join(__dirname, 'thread-cpu.cjs') } });
	const watched = new Promise<HealthWatch>((resolve, reject) => {
		worker.once('message', resolve);
		worker.once('error', reject);
	});
	return {
		stop: async () => {
			worker.postMessage('stop');
			const result = await watched;
			await worker.terminate();
			return result;
		},
	};
}

/**
 * The peak resident memory of process `pid` over its memory when called: sampled every 250 ms,
 * and the kernel's own peak (VmHWM, reset here through /proc/<pid>/clear_refs where allowed), so
 * a spike between two samples counts too. `stop()` gives the growth in bytes; a process that
 * ended gives the growth seen until then.
 */
export function watchMemory(pid: number): { stop: () => number } {
	let kernelPeak = false;
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		kernelPeak = true;
	} catch {
		// Not our process to reset: the samples alone count.
	}
	const baseline = processMemoryBytes(pid, 'VmRSS', 0);
	let peak = baseline;
	const sample = (): void => {
		try {
			peak = Math.max(peak, processMemoryBytes(pid, 'VmRSS', 0));
		} catch {
			// The process ended.
		}
	};
	const timer = setInterval(sample, 250);
	return {
		stop: () => {
			clearInterval(timer);
			sample();
			if (kernelPeak) {
				try {
					peak = Math.max(peak, processMemoryBytes(pid, 'VmHWM', 0));
				} catch {
					// The process ended.
				}
			}
			return peak - baseline;
		},
	};
}

/**
 * Submits an n8n form with one file as its page does: the POST answers with the address of the
 * waiting execution, whose status is polled until the completion page is due; that page is then
 * fetched, and its script's POST back (which lets the execution end) sent, and the status polled
 * until the execution ended. Returns the statuses seen, for a failure's message; the last one is
 * the execution's status (`success`, `error`, …) when it ended.
 */
export async function submitFileForm(url: string, file: { name: string; bytes: Buffer; mimeType?: string }): Promise<string[]> {
	const seen: string[] = [];
	const body = new FormData();
	body.append('field-0', new Blob([file.bytes], { type: file.mimeType ?? 'application/pdf' }), file.name);
	const submitted = await fetch(url, { method: 'POST', body });
	const answer = await submitted.text();
	seen.push(`POST ${submitted.status} ${answer.slice(0, 200)}`);
	const formWaitingUrl = submitted.status === 200 ? (JSON.parse(answer) as { formWaitingUrl?: string }).formWaitingUrl : undefined;
	if (!formWaitingUrl) return seen;
	const status = new URL(formWaitingUrl);
	status.pathname += '/n8n-execution-status';
	for (let polls = 0; polls < 240; polls++) {
		const text = (await (await fetch(status)).text()).trim();
		if (seen[seen.length - 1] !== text) seen.push(text);
		if (text === 'form-waiting') {
			const page = await fetch(formWaitingUrl);
			seen.push(`GET ${page.status} ${(await page.text()).length} characters`);
			const resumed = await fetch(formWaitingUrl, { method: 'POST', body: '{}' });
			seen.push(`POST ${resumed.status} ${(await resumed.text()).slice(0, 100)}`);
		} else if (!['new', 'running', 'waiting', 'null'].includes(text)) return seen;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return seen;
}
