/**
 * Child processes of the harness. Every child runs in its own process group (detached) so that it
 * can be stopped with everything it spawned (n8n starts a task-runner child); every live group is
 * remembered and killed when the test process exits, so a failing test never leaves n8n running
 * and jest can exit.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { constants as osConstants } from 'node:os';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Last resort only: stop()/afterAll are the normal path. 'exit' handlers must be synchronous.
	process.on('exit', () => {
		for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
	});
	// Children live in their own process groups, so a Ctrl-C on the terminal does not reach them,
	// and a signal-terminated process emits no 'exit'. Kill them, then let the signal do its job.
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(signal, () => {
			killAllChildren();
			if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
		});
	}
}

/** Sends a signal to a whole process group; false when the group is gone. */
export function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch {
		return false;
	}
}

/** Kills every process group the harness started and that is still alive (SIGKILL). */
export function killAllChildren(): void {
	for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
	liveGroups.clear();
}

/** Spawns a child in its own process group and tracks it until it exits. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
	installExitHook();
	const child = spawn(command, args, { ...options, detached: true });
	const pid = child.pid;
	if (pid !== undefined) {
		liveGroups.add(pid);
		child.once('exit', () => {
			// The leader is gone; kill stragglers of its group (e.g. a task runner) right away.
			killGroup(pid, 'SIGKILL');
			liveGroups.delete(pid);
		});
	}
	return child;
}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Kills the process group and rejects after this long (default 10 minutes). */
	timeoutMs?: number;
	/** Also append stdout and stderr (with a header line) to this file. */
	logFile?: string;
	/** Forward stderr lines to this process's stderr as they arrive (long installs). */
	forwardStderr?: boolean;
}

export interface RunResult {
	command: string;
	/** Exit code, or 128 + signal number when killed by a signal (as a shell reports it). */
	exitCode: number;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	durationMs: number;
}

export class CommandError extends Error {
	constructor(
		message: string,
		readonly result: RunResult,
	) {
		super(message);
		this.name = 'CommandError';
	}
}

/** Last `lines` lines of a text, for error messages. */
export function tail(text: string, lines = 40): string {
	const all = text.trimEnd().split('\n');
	return all.slice(-lines).join('\n');
}

/** Runs a command to completion, capturing its output. Never throws for a non-zero exit. */
export async function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const started = Date.now();
	const display = [command, ...args].join(' ');
	const child = spawnTracked(command, args, {
		cwd: options.cwd,
		env: options.env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const stdout: Buffer[] = [];
	const stderr: Buffer[] = [];
	child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr.push(chunk);
		if (options.forwardStderr) process.stderr.write(chunk);
	});
	const timeoutMs = options.timeoutMs ?? 10 * 60_000;
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
	}, timeoutMs);
	const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
		(resolve, reject) => {
			child.once('error', reject);
			child.once('close', (c, s) => resolve({ code: c, signal: s }));
		},
	).finally(() => clearTimeout(timer));
	const result: RunResult = {
		command: display,
		exitCode: code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0),
		signal,
		stdout: Buffer.concat(stdout).toString('utf8'),
		stderr: Buffer.concat(stderr).toString('utf8'),
		durationMs: Date.now() - started,
	};
	if (options.logFile) {
		fs.appendFileSync(
			options.logFile,
			`\n===== $ ${display}\n===== exit ${result.exitCode} after ${result.durationMs} ms\n` +
				`----- stdout\n${result.stdout}\n----- stderr\n${result.stderr}\n`,
		);
	}
	if (timedOut) {
		throw new CommandError(
			`${display} timed out after ${timeoutMs} ms\n--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`,
			result,
		);
	}
	return result;
}

/** Like run(), but throws a CommandError with the output's tail when the exit code is not 0. */
export async function runOk(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const result = await run(command, args, options);
	if (result.exitCode !== 0) {
		throw new CommandError(
			`${result.command} exited with ${result.exitCode}\n--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`,
			result,
		);
	}
	return result;
}

/** Whether a listener can bind `port` on 127.0.0.1 right now (0: any port; resolves the port bound, or undefined). */
async function bindable(port: number): Promise<number | undefined> {
	return await new Promise<number | undefined>((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(undefined));
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			const bound = typeof address === 'object' && address ? address.port : undefined;
			server.close(() => resolve(bound));
		});
	});
}

/** The low end of the kernel's ephemeral range (source ports of outgoing connections), when it can be read. */
function ephemeralLow(): number | undefined {
	try {
		const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
		return Number.isInteger(low) ? low : undefined;
	} catch {
		return undefined;
	}
}

const FIXED_LOW = 10_000;
const handedOut = new Set<number>();

/**
 * A TCP port that was free on 127.0.0.1 a moment ago, for a server started next (n8n, its task
 * broker, Redis, PostgreSQL). Taken below the kernel's ephemeral range: a port the kernel hands out
 * (listen on 0) is also the source port of the next outgoing connection, and one such connection
 * in the gap before the server binds made n8n exit with "Task Broker's port … is already in use".
 */
export async function freePort(): Promise<number> {
	const high = (ephemeralLow() ?? 0) - 1;
	if (high > FIXED_LOW) {
		for (let attempt = 0; attempt < 50; attempt++) {
			const port = FIXED_LOW + Math.floor(Math.random() * (high - FIXED_LOW + 1));
			if (handedOut.has(port)) continue;
			// Reserved before the check, so calls running side by side never pick the same port.
			handedOut.add(port);
			if ((await bindable(port)) === port) return port;
			handedOut.delete(port);
		}
	}
	const port = await bindable(0);
	if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
	return port;
}

export const sleep = async (ms: number): Promise<void> =>
	await new Promise((resolve) => setTimeout(resolve, ms));
