/**
 * The upload-form example (examples/upload-form-document-text.json) driven from outside, as the
 * attack suites and `npm run bench:attacks` use it: a visitor's upload, n8n's health check probed
 * back to back, n8n main's resident memory sampled. n8n is only ever watched through its HTTP
 * interface and /proc.
 */
import { processMemoryBytes } from './process-memory';

/** Polls n8n's health check until stopped; resolves to the longest answer, i.e. how long n8n's event loop was held at most. */
export function watchHealth(url: string): { stop: () => Promise<number> } {
	let running = true;
	let longest = 0;
	const loop = (async () => {
		while (running) {
			const started = Date.now();
			await fetch(`${url}/healthz`).catch(() => undefined);
			longest = Math.max(longest, Date.now() - started);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	})();
	return {
		stop: async () => {
			running = false;
			await loop;
			return longest;
		},
	};
}

/**
 * Samples a process's resident memory every `everyMs` until stopped; resolves to the peak over
 * what it held when the watch started, in bytes, and whether the process was still there at the
 * end (a process that died reads as gone, not as a figure).
 */
export function watchMemory(pid: number, everyMs = 250): { stop: () => { peakGrowth: number; alive: boolean } } {
	const before = processMemoryBytes(pid, 'VmRSS', 0);
	let peak = before;
	let alive = true;
	const sample = () => {
		try {
			peak = Math.max(peak, processMemoryBytes(pid, 'VmRSS', 0));
		} catch {
			alive = false;
		}
	};
	const timer = setInterval(sample, everyMs);
	return {
		stop: () => {
			sample();
			clearInterval(timer);
			return { peakGrowth: peak - before, alive };
		},
	};
}

/**
 * Submits the form as its page does: the POST answers with the address of the waiting execution,
 * whose status is polled until the completion page is due; that page is then fetched, and its
 * script's POST back (which lets the execution end) sent, and the status polled until the
 * execution ended. Returns the statuses seen, for a failure's message; the last is the outcome.
 */
export async function submitForm(url: string, file: { name: string; bytes: Buffer }, polls = 240): Promise<string[]> {
	const seen: string[] = [];
	const body = new FormData();
	body.append('field-0', new Blob([file.bytes], { type: 'application/pdf' }), file.name);
	const submitted = await fetch(url, { method: 'POST', body });
	const answer = await submitted.text();
	seen.push(`POST ${submitted.status} ${answer.slice(0, 200)}`);
	const formWaitingUrl = submitted.status === 200 ? (JSON.parse(answer) as { formWaitingUrl?: string }).formWaitingUrl : undefined;
	if (!formWaitingUrl) return seen;
	const status = new URL(formWaitingUrl);
	status.pathname += '/n8n-execution-status';
	for (let poll = 0; poll < polls; poll++) {
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
