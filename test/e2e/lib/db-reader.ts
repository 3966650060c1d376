/**
 * The harness's reads of an n8n user folder's database go to one long-lived db-query.cjs per
 * database (and test file): a Node process started for every read cost about 0.13 CPU s, and a run
 * made some 500 of them, most while polling for executions.
 */
import type { ChildProcess } from 'node:child_process';
import * as readline from 'node:readline';
import { killGroup, spawnTracked } from './proc';

const REQUEST_TIMEOUT_MS = 60_000;

interface Pending {
	resolve(value: unknown): void;
	reject(error: Error): void;
	timer: NodeJS.Timeout;
}

type Refable = { ref?(): void; unref?(): void } | null;

class DbReader {
	private readonly child: ChildProcess;
	private readonly pending = new Map<number, Pending>();
	private nextId = 1;
	private stderr = '';

	constructor(node: string, script: string, database: string, env: NodeJS.ProcessEnv, onExit: () => void) {
		this.child = spawnTracked(node, [script, database], { env, stdio: ['pipe', 'pipe', 'pipe'] });
		this.child.stderr?.on('data', (chunk: Buffer) => {
			this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
		});
		readline.createInterface({ input: this.child.stdout! }).on('line', (line) => this.settle(line));
		this.child.once('exit', (code, signal) => {
			onExit();
			const error = new Error(`db-query.cjs exited (code ${code}, signal ${signal}) for ${database}: ${this.stderr}`);
			for (const [id, waiting] of this.pending) {
				clearTimeout(waiting.timer);
				waiting.reject(error);
				this.pending.delete(id);
			}
		});
		this.child.stdin?.on('error', () => undefined); // the exit above reports it
		this.hold(false);
	}

	request<T>(request: Record<string, unknown>): Promise<T> {
		const id = this.nextId++;
		return new Promise<T>((resolve, reject) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				reject(new Error(`db-query.cjs gave no answer to ${JSON.stringify(request)} in ${REQUEST_TIMEOUT_MS / 1000} s`));
				if (this.child.pid !== undefined) killGroup(this.child.pid, 'SIGKILL');
			}, REQUEST_TIMEOUT_MS);
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
			this.hold(true);
			this.child.stdin?.write(`${JSON.stringify({ id, request })}\n`);
		});
	}

	private settle(line: string): void {
		const answer = JSON.parse(line) as { id: number; result?: unknown; error?: string };
		const waiting = this.pending.get(answer.id);
		if (!waiting) return;
		this.pending.delete(answer.id);
		clearTimeout(waiting.timer);
		if (answer.error !== undefined) waiting.reject(new Error(answer.error));
		else waiting.resolve(answer.result);
		if (this.pending.size === 0) this.hold(false);
	}

	/** An idle reader must not keep a test process alive: referenced only while a read is pending. */
	private hold(busy: boolean): void {
		for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Refable[]) {
			if (busy) handle?.ref?.();
			else handle?.unref?.();
		}
	}
}

const readers = new Map<string, DbReader>();

/** Sends one request to the database's reader (started on first use, again after it exited). */
export async function readDatabase<T>(node: string, script: string, database: string, env: NodeJS.ProcessEnv, request: Record<string, unknown>): Promise<T> {
	const key = `${node}\0${database}`;
	let reader = readers.get(key);
	if (!reader) {
		const started: DbReader = new DbReader(node, script, database, env, () => {
			if (readers.get(key) === started) readers.delete(key);
		});
		reader = started;
		readers.set(key, reader);
	}
	return await reader.request<T>(request);
}
