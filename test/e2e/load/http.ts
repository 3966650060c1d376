/** Loopback HTTP for the webhook load test: a plain POST, a bounded worker pool, percentiles. */
import * as http from 'node:http';

export interface Answer {
	status: number;
	body: string;
	ms: number;
}

/** POST; an answer that arrives before the server stops reading the body still counts. */
export function post(url: string, body: Buffer, headers: Record<string, string>, agent: http.Agent): Promise<Answer> {
	const started = performance.now();
	return new Promise((resolve, reject) => {
		let answered = false;
		const req = http.request(
			url,
			{ method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers } },
			(res) => {
				answered = true;
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
				);
				res.on('error', reject);
			},
		);
		req.setTimeout(120_000, () => req.destroy(new Error('no answer within 120 s')));
		req.on('error', (error) => {
			if (!answered) reject(error);
		});
		req.end(body);
	});
}

/** Runs the tasks in queue order with at most `concurrency` of them in flight. */
export async function runPool(tasks: Array<() => Promise<void>>, concurrency: number): Promise<void> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < tasks.length) {
			const task = tasks[next++];
			await task();
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
}

export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
