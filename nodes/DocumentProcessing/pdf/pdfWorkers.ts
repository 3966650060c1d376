/**
 * The PDF workers: where uploaded PDFs are parsed, outside n8n's thread and heap (issue 49). A few
 * worker threads, each with a heap the runtime caps (`resourceLimits`) and a clock per request: a
 * worker that runs out of memory (V8 ends it) or time (ended here) takes only what it held with it,
 * and the next file gets a new one. Workers are reused (a file pays no start-up), at most
 * `workers` read at once and the rest queue, and an idle worker neither keeps the process alive
 * nor stays past `idleMs`. A worker that read a file it could not split, or `filesPerWorker` files,
 * takes no more: pdf-lib keeps a process-wide pool of references (a 2.8 KB file left 2.4 GB in it
 * for good), which ends with the worker. Timers are AbortSignal.timeout: unref'd, no global timer.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './pdfWorkerMessages';

export interface PdfWorkerLimits {
	/** Workers reading at once; more files queue. */
	workers: number;
	/** V8 old generation, young generation and stack of each worker, MiB (`resourceLimits`). */
	heapMb: number;
	youngMb: number;
	stackMb: number;
	/** Wall-clock limit of reading a file, and of cutting one range out of it. */
	openMs: number;
	cutMs: number;
	/** Files a worker reads before it is replaced. */
	filesPerWorker: number;
	/** An idle worker holding no document ends after this long. */
	idleMs: number;
}

/** What a request was for, in the words of a `split_skipped` reason. */
export type JobKind = 'reading it' | 'cutting them';

/** A worker's reply; `ended` when the worker ended first; `requeue` for a file that never reached it. */
type Answer = WorkerReply | { ended: string } | { requeue: true };

interface Job {
	request: Exclude<WorkerRequest, { close: unknown }>;
	transfer: ArrayBuffer[];
	kind: JobKind;
	settle(answer: Answer): void;
}

/** One worker thread and what it holds; opaque outside this file. */
export interface Thread {
	worker: Worker;
	/** Its code is loaded: its first request's clock starts when it is sent, not while the worker starts. */
	ready: boolean;
	queue: Job[];
	running?: { job: Job; clock: AbortSignal };
	/** Documents open in this worker. */
	docs: Set<number>;
	opened: number;
	retiring: boolean;
	ended?: string;
	/** Held so that the idle timer lives as long as the idleness it measures. */
	idle?: AbortSignal;
}

/**
 * The worker's code: the build's bundle next to this file (dist/); in a source run (jest, ts-node:
 * this file is TypeScript) scripts/pdf-worker-source.js bundles the TypeScript entry in the worker
 * the same way the build does. Either way a worker reads no environment and takes no node options.
 */
function startWorker(limits: PdfWorkerLimits): Worker {
	const entry = require.resolve('./pdfWorker');
	const options = {
		name: 'document-processing-pdf',
		env: {},
		argv: [],
		execArgv: [],
		resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb, stackSizeMb: limits.stackMb },
	};
	if (!entry.endsWith('.ts')) return new Worker(entry, options);
	return new Worker(require.resolve('../../../scripts/pdf-worker-source.js'), options);
}

export class PdfWorkerPool {
	private readonly threads = new Set<Thread>();
	private nextJob = 1;
	private nextDoc = 1;

	constructor(readonly limits: PdfWorkerLimits) {}

	/** The page count of the file in `bytes` (transferred: unusable here afterwards), or why it cannot be split. */
	async open(bytes: ArrayBuffer): Promise<{ doc: number; pages: number; thread: Thread } | { unreadable: string }> {
		const doc = this.nextDoc++;
		for (;;) {
			let thread: Thread;
			try {
				thread = this.threadForNewFile();
			} catch (error) {
				// No worker, no split: the file goes whole, as any file this side cannot read.
				return { unreadable: `the PDF worker could not start (${(error as Error).message})` };
			}
			const answer = await this.run(thread, { job: this.nextJob++, open: { doc, bytes } }, [bytes], 'reading it');
			// A file queued behind one that ended its worker never reached it: it goes to another.
			if ('requeue' in answer) continue;
			thread.opened++;
			if ('pages' in answer) {
				thread.docs.add(doc);
				if (thread.opened >= this.limits.filesPerWorker) thread.retiring = true;
				return { doc, pages: answer.pages, thread };
			}
			thread.retiring = true;
			this.settled(thread);
			return { unreadable: 'unreadable' in answer ? answer.unreadable : 'ended' in answer ? answer.ended : 'the PDF worker gave no page count' };
		}
	}

	/** The range PDF's bytes, or throws why it could not be cut (the worker that held the document may have ended). */
	async cut(thread: Thread, doc: number, first: number, last: number): Promise<ArrayBuffer> {
		if (thread.ended !== undefined) throw new Error(`the PDF worker holding the document ended (${thread.ended})`);
		if (!thread.docs.has(doc)) throw new Error('the document is no longer open');
		const answer = await this.run(thread, { job: this.nextJob++, cut: { doc, first, last } }, [], 'cutting them');
		if ('range' in answer) return answer.range;
		throw new Error('failed' in answer ? answer.failed : 'ended' in answer ? answer.ended : 'the PDF worker gave no range');
	}

	close(thread: Thread, doc: number): void {
		if (!thread.docs.delete(doc) || thread.ended !== undefined) return;
		thread.worker.postMessage({ close: { doc } } satisfies WorkerRequest);
		this.settled(thread);
	}

	/** Workers running now, and how many of them take no more files (tests and benchmarks read it). */
	get workers(): { running: number; retiring: number } {
		return { running: this.threads.size, retiring: [...this.threads].filter((thread) => thread.retiring).length };
	}

	/** Ends every worker (tests, benchmarks): documents still open are lost. */
	async endAll(): Promise<void> {
		await Promise.all([...this.threads].map(async (thread) => await this.end(thread, 'the PDF workers were ended', false)));
	}

	private threadForNewFile(): Thread {
		const open = [...this.threads].filter((thread) => !thread.retiring && thread.ended === undefined);
		const idle = open.filter((thread) => !thread.running && thread.queue.length === 0).sort((a, b) => a.docs.size - b.docs.size);
		if (idle[0]) return idle[0];
		if (open.length < this.limits.workers) return this.spawn();
		return open.reduce((best, thread) => (thread.queue.length < best.queue.length ? thread : best));
	}

	private spawn(): Thread {
		const thread: Thread = { worker: startWorker(this.limits), ready: false, queue: [], docs: new Set(), opened: 0, retiring: false };
		this.threads.add(thread);
		thread.worker.on('message', (reply: WorkerReply) => this.answered(thread, reply));
		thread.worker.on('error', (error: Error & { code?: string }) => {
			const what = thread.running?.job.kind ?? 'reading it';
			const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
			const reason = !thread.ready
				? `the PDF worker could not start (${error.code ?? error.message})`
				: outOfMemory
					? `${what} took more than the ${this.limits.heapMb} MiB of memory a PDF may use`
					: `the PDF worker failed (${error.message})`;
			void this.end(thread, reason);
		});
		thread.worker.on('exit', (code) => void this.end(thread, `the PDF worker stopped (exit code ${code})`));
		return thread;
	}

	private async run(thread: Thread, request: Job['request'], transfer: ArrayBuffer[], kind: JobKind): Promise<Answer> {
		return await new Promise((resolve) => {
			thread.queue.push({ request, transfer, kind, settle: resolve });
			thread.idle = undefined;
			this.dispatch(thread);
		});
	}

	private dispatch(thread: Thread): void {
		if (!thread.ready || thread.running || thread.ended !== undefined) return;
		const job = thread.queue.shift();
		if (!job) return this.settled(thread);
		const limitMs = job.kind === 'reading it' ? this.limits.openMs : this.limits.cutMs;
		const clock = AbortSignal.timeout(limitMs);
		thread.running = { job, clock };
		clock.addEventListener('abort', () => {
			if (thread.running?.clock === clock) void this.end(thread, `${job.kind} took longer than ${limitMs / 1000} s`);
		});
		thread.worker.ref();
		thread.worker.postMessage(job.request, job.transfer);
	}

	private answered(thread: Thread, reply: WorkerReply): void {
		if ('ready' in reply) {
			thread.ready = true;
			return this.dispatch(thread);
		}
		const running = thread.running;
		if (!running || running.job.request.job !== reply.job) return;
		thread.running = undefined;
		running.job.settle(reply);
		this.dispatch(thread);
	}

	/** Called when a worker may have nothing left to do: it is let go, or ended if it is done for. */
	private settled(thread: Thread): void {
		if (thread.running || thread.queue.length > 0 || thread.ended !== undefined) return;
		thread.worker.unref();
		if (thread.docs.size > 0) return;
		if (thread.retiring) {
			void this.end(thread, 'the PDF worker was replaced', false);
			return;
		}
		const idle = AbortSignal.timeout(this.limits.idleMs);
		thread.idle = idle;
		idle.addEventListener('abort', () => {
			if (thread.idle === idle && !thread.running && thread.queue.length === 0 && thread.docs.size === 0) void this.end(thread, 'the PDF worker was idle', false);
		});
	}

	/**
	 * Ends a worker: the request it was running fails with `reason` (when `failed`), requests for its
	 * documents fail, and files waiting to be read go to another worker (if this one ever started).
	 */
	private async end(thread: Thread, reason: string, failed = true): Promise<void> {
		if (thread.ended !== undefined) return;
		thread.ended = reason;
		this.threads.delete(thread);
		const running = thread.running;
		thread.running = undefined;
		const lost = failed ? reason : `${reason} before it answered`;
		running?.job.settle({ ended: lost });
		// Files it never started on go to another worker, unless it never started at all (then no worker would).
		const requeue = (job: Job) => 'open' in job.request && thread.ready;
		for (const job of thread.queue.splice(0)) job.settle(requeue(job) ? { requeue: true } : { ended: 'open' in job.request ? lost : `the PDF worker holding the document ended (${lost})` });
		thread.docs.clear();
		await thread.worker.terminate();
	}
}
