import type { ConfigHolder } from '../config';
import type { EventHub } from '../events/event-hub';
import type { EmulatorStore } from '../state';
import type { TimerSet } from '../timers';
import { TERMINAL_STATUSES, type Job, type JobOutputs, type JobStatus } from './job-types';
import { runPipeline } from './pipeline';

/**
 * The job state machine: SCHEDULED → IN_PROGRESS → COMPLETED | FAILED | STOPPED.
 * On-demand jobs of one API key hold at most max_running_jobs slots; the others wait
 * SCHEDULED in FIFO order. A job takes its slot when its schedule_delay_ms timer starts,
 * so a slot is never promised twice.
 */
export class JobScheduler {
	private queues = new Map<string, Job[]>();
	private slots = new Map<string, Set<string>>();
	private jobTimers = new Map<string, NodeJS.Timeout>();
	private outputs = new Map<string, Promise<JobOutputs>>();
	private finishing = new Set<string>();

	constructor(
		private readonly store: EmulatorStore,
		private readonly config: ConfigHolder,
		private readonly timers: TimerSet,
		private readonly events: EventHub,
	) {}

	submit(job: Job): void {
		this.store.jobs.set(job.id, job);
		this.events.jobStatusChanged(job);
		if (job.kind === 'workflow_run') {
			this.startAfterDelay(job);
			return;
		}
		this.queueOf(job.apiKey).push(job);
		this.pump(job.apiKey);
	}

	/** Re-checks every queue, e.g. after max_running_jobs was raised. */
	pumpAll(): void {
		for (const key of this.queues.keys()) this.pump(key);
	}

	/** Moves a job to a terminal state now; COMPLETED waits for its outputs (or turns FAILED if a file cannot be partitioned). */
	async finish(job: Job, status: Exclude<JobStatus, 'SCHEDULED' | 'IN_PROGRESS'>): Promise<boolean> {
		if (TERMINAL_STATUSES.has(job.status) || this.finishing.has(job.id)) return false;
		this.finishing.add(job.id);
		this.timers.cancel(this.jobTimers.get(job.id));
		this.jobTimers.delete(job.id);
		this.removeFromQueue(job);
		let final: JobStatus = status;
		let outputs: JobOutputs | undefined;
		if (status === 'COMPLETED') {
			try {
				outputs = await this.outputsOf(job);
				if (job.files.length > 0 && job.fileErrors?.size === job.files.length && this.config.get().all_files_failed_outcome === 'FAILED') {
					final = 'FAILED';
					job.failure = 'no input file could be processed';
				}
			} catch (error) {
				final = 'FAILED';
				job.failure = (error as Error).message;
			}
		}
		this.finishing.delete(job.id);
		if (this.store.jobs.get(job.id) !== job) return false;
		job.outputs = outputs;
		job.status = final;
		job.finished_at = new Date();
		this.outputs.delete(job.id);
		// Outputs are computed; the uploaded bytes are no longer needed.
		for (const file of job.files) file.bytes = null;
		this.releaseSlot(job);
		this.events.jobStatusChanged(job);
		if (job.kind === 'on_demand') this.pump(job.apiKey);
		return true;
	}

	/** An asynchronous stop (a cancel answered 202): the job ends STOPPED after `delayMs` unless it ended before. */
	stopLater(job: Job, delayMs: number): void {
		this.timers.schedule(delayMs, () => void this.finish(job, 'STOPPED'));
	}

	/** Forgets all queues and pending work (the caller clears the timers). */
	reset(): void {
		this.queues = new Map();
		this.slots = new Map();
		this.jobTimers = new Map();
		this.outputs = new Map();
		this.finishing = new Set();
	}

	private queueOf(key: string): Job[] {
		let queue = this.queues.get(key);
		if (!queue) {
			queue = [];
			this.queues.set(key, queue);
		}
		return queue;
	}

	private slotsOf(key: string): Set<string> {
		let slots = this.slots.get(key);
		if (!slots) {
			slots = new Set();
			this.slots.set(key, slots);
		}
		return slots;
	}

	private pump(key: string): void {
		const queue = this.queueOf(key);
		const slots = this.slotsOf(key);
		while (slots.size < this.config.get().max_running_jobs) {
			const job = queue.shift();
			if (job === undefined) return;
			slots.add(job.id);
			this.startAfterDelay(job);
		}
	}

	private removeFromQueue(job: Job): void {
		const queue = this.queues.get(job.apiKey);
		if (queue) this.queues.set(job.apiKey, queue.filter((queued) => queued !== job));
	}

	private releaseSlot(job: Job): void {
		this.slots.get(job.apiKey)?.delete(job.id);
	}

	private startAfterDelay(job: Job): void {
		const timer = this.timers.schedule(this.config.get().schedule_delay_ms, () => this.start(job));
		if (timer) this.jobTimers.set(job.id, timer);
	}

	private start(job: Job): void {
		this.jobTimers.delete(job.id);
		if (job.status !== 'SCHEDULED' || this.finishing.has(job.id)) return;
		job.status = 'IN_PROGRESS';
		job.started_at = new Date();
		this.events.jobStatusChanged(job);
		// Processing starts now; a failure surfaces when the job finishes.
		this.outputsOf(job).catch(() => undefined);
		const timer = this.timers.schedule(this.config.get().job_duration_ms, () => {
			this.jobTimers.delete(job.id);
			void this.finish(job, this.config.get().default_job_outcome);
		});
		if (timer) this.jobTimers.set(job.id, timer);
	}

	private outputsOf(job: Job): Promise<JobOutputs> {
		let pending = this.outputs.get(job.id);
		if (!pending) {
			const { extraction_carrier: carrier, failing_file_pattern: failing } = this.config.get();
			pending = runPipeline(job, carrier, failing);
			this.outputs.set(job.id, pending);
		}
		return pending;
	}
}
