/**
 * A real n8n process for tests: `n8n start` (or a queue-mode worker / webhook process) on a user
 * folder (user-folder.ts) with its environment (n8n-env.ts), readiness wait, captured log and
 * clean stop.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureN8n, type N8nInstall } from './install';
import { n8nEnv } from './n8n-env';
import { freePort, killGroup, sleep, spawnTracked, tail } from './proc';
import { createUserFolder, n8nVersionOf, userFolderPaths } from './user-folder';

/** What an n8n process is: `start` (main), or in queue mode `worker` and `webhook`. */
export type N8nCommand = 'start' | 'worker' | 'webhook';

/** Readiness paths per command: `/rest` only exists on the main process. */
const READY_PROBES: Record<N8nCommand, string[]> = {
	start: ['/healthz/readiness', '/rest/settings'],
	webhook: ['/healthz/readiness'],
	worker: ['/healthz/readiness'],
};

export interface StartN8nOptions {
	userFolder: string;
	/** Default `start`. A worker serves its health check on `port` (QUEUE_HEALTH_CHECK_PORT). */
	command?: N8nCommand;
	/** Extra CLI arguments, e.g. `--concurrency=2` for a worker. */
	args?: string[];
	/** n8n version to run; binds the folder to it (default: the folder's version, see createUserFolder). */
	version?: string;
	/** HTTP port; a free one when omitted. */
	port?: number;
	env?: NodeJS.ProcessEnv;
	/** Give up waiting for readiness after this long (default 180 s). */
	readyTimeoutMs?: number;
	/** Where stdout+stderr go (default `<user folder>/logs/n8n-start.log`). */
	logFile?: string;
}

export interface N8nInstance {
	/** `http://127.0.0.1:<port>` (no trailing slash). */
	url: string;
	port: number;
	brokerPort: number;
	userFolder: string;
	logFile: string;
	pid: number;
	/** The n8n install it runs (n8n and Node versions). */
	install: N8nInstall;
	/** The environment the server runs with (CLI calls on the folder use the same settings). */
	env: NodeJS.ProcessEnv;
	/** Last lines of the server log. */
	logTail(lines?: number): string;
	/** SIGTERM, then SIGKILL after `graceMs` (default 15 s), to the whole process group. */
	stop(graceMs?: number): Promise<void>;
}

async function httpOk(url: string): Promise<boolean> {
	try {
		const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
		await res.arrayBuffer();
		return res.ok;
	} catch {
		return false;
	}
}

/**
 * Starts `n8n start` on a user folder and resolves once it serves requests: `/healthz` answers as
 * soon as the HTTP server listens (before migrations), so the wait is on `/healthz/readiness`
 * (database migrated) and then `/rest/settings` (REST routes mounted).
 */
export async function startN8n(options: StartN8nOptions): Promise<N8nInstance> {
	const userFolder = createUserFolder(options.userFolder, options.version);
	const install = await ensureN8n(n8nVersionOf(userFolder));
	const command = options.command ?? 'start';
	const port = options.port ?? (await freePort());
	const brokerPort = await freePort();
	const workerHealth: NodeJS.ProcessEnv =
		command === 'worker' ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' } : {};
	const env = await n8nEnv(userFolder, { port, brokerPort, env: { ...workerHealth, ...options.env } });
	const logName = command === 'start' ? 'n8n-start.log' : `n8n-${command}-${port}.log`;
	const logFile = options.logFile ?? path.join(userFolderPaths(userFolder).logsDir, logName);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const fd = fs.openSync(logFile, 'a');
	const child = spawnTracked(install.node, [install.n8nBin, command, ...(options.args ?? [])], {
		cwd: userFolder,
		env,
		stdio: ['ignore', fd, fd],
	});
	fs.closeSync(fd);
	const pid = child.pid;
	if (pid === undefined) throw new Error('could not spawn n8n');
	// Lets a later run reap this server if the test process dies without stopping it.
	const pidName = command === 'start' ? 'n8n-server.pid' : `n8n-${command}-${port}.pid`;
	fs.writeFileSync(path.join(userFolderPaths(userFolder).logsDir, pidName), String(pid));
	let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	const exitPromise = new Promise<void>((resolve) => {
		child.once('exit', (code, signal) => {
			exited = { code, signal };
			resolve();
		});
	});
	const url = `http://127.0.0.1:${port}`;
	const logTail = (lines = 60): string => {
		try {
			return tail(fs.readFileSync(logFile, 'utf8'), lines);
		} catch {
			return '';
		}
	};
	const stop = async (graceMs = 15_000): Promise<void> => {
		if (exited) return;
		killGroup(pid, 'SIGTERM');
		const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
		await exitPromise;
		clearTimeout(timer);
		killGroup(pid, 'SIGKILL'); // stragglers of the group (task runner)
	};
	const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
	const waitFor = async (probe: string): Promise<void> => {
		while (!(await httpOk(`${url}${probe}`))) {
			if (exited) {
				throw new Error(
					`n8n exited (code ${exited.code}, signal ${exited.signal}) before ${probe} answered; log ${logFile}:\n${logTail()}`,
				);
			}
			if (Date.now() > deadline) {
				await stop(2_000);
				throw new Error(`n8n did not answer ${url}${probe} in time; log ${logFile}:\n${logTail()}`);
			}
			await sleep(250);
		}
	};
	try {
		for (const probe of READY_PROBES[command]) await waitFor(probe);
	} catch (error) {
		await stop(2_000);
		throw error;
	}
	return { url, port, brokerPort, userFolder, logFile, pid, install, env, logTail, stop };
}
