/**
 * Redis and a PostgreSQL cluster for one queue-mode run: both on 127.0.0.1 and free ports, with
 * their data in the run folder, started as tracked children (own process groups) and stopped by
 * pid. PostgreSQL refuses to run as root, so initdb and postgres run as the `postgres` user.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort, killGroup, runOk, sleep, spawnTracked, tail } from '../../e2e/lib/proc';
import { ensureDebianPackages, pgBin } from './debian';

export interface RunningService {
	port: number;
	pid: number;
	logFile: string;
	stop(): Promise<void>;
}

/** Spawns a long-running server and returns a stop() that signals its group, then SIGKILLs it. */
function spawnServer(command: string, args: string[], logFile: string, stopSignal: NodeJS.Signals): Omit<RunningService, 'port'> & { exited: () => boolean } {
	const fd = fs.openSync(logFile, 'a');
	const child = spawnTracked(command, args, { cwd: path.dirname(logFile), stdio: ['ignore', fd, fd] });
	fs.closeSync(fd);
	const pid = child.pid;
	if (pid === undefined) throw new Error(`could not spawn ${command}`);
	// Lets a later run reap this server if the test process is killed (e2e/lib/workdir.ts).
	fs.writeFileSync(path.join(path.dirname(logFile), `service-${path.basename(logFile, '.log')}.pid`), String(pid));
	let gone = false;
	const exit = new Promise<void>((resolve) => child.once('exit', () => ((gone = true), resolve())));
	const stop = async (): Promise<void> => {
		if (gone) return;
		killGroup(pid, stopSignal);
		const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 10_000);
		await exit;
		clearTimeout(timer);
	};
	return { pid, logFile, stop, exited: () => gone };
}

async function waitUntil(what: string, ready: () => Promise<boolean>, server: { exited: () => boolean; logFile: string }): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (!(await ready())) {
		if (server.exited() || Date.now() > deadline) {
			const log = fs.existsSync(server.logFile) ? tail(fs.readFileSync(server.logFile, 'utf8')) : '';
			throw new Error(`${what} did not start; log ${server.logFile}:\n${log}`);
		}
		await sleep(200);
	}
}

export async function startRedis(dir: string): Promise<RunningService> {
	await ensureDebianPackages();
	fs.mkdirSync(dir, { recursive: true });
	const port = await freePort();
	const logFile = path.join(dir, 'redis.log');
	const server = spawnServer(
		'redis-server',
		['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
		logFile,
		'SIGTERM',
	);
	const ping = async (): Promise<boolean> => {
		try {
			return /PONG/.test((await runOk('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'])).stdout);
		} catch {
			return false;
		}
	};
	try {
		await waitUntil('redis-server', ping, server);
	} catch (error) {
		await server.stop();
		throw error;
	}
	return { port, pid: server.pid, logFile, stop: server.stop };
}

export interface RunningPostgres extends RunningService {
	user: string;
	database: string;
}

const PG_USER = 'postgres';
const asPostgres = (command: string, args: string[]): [string, string[]] => ['runuser', ['-u', PG_USER, '--', command, ...args]];

/** A throw-away cluster (trust auth, TCP on loopback only, no Unix socket) with database `n8n`. */
export async function startPostgres(dir: string): Promise<RunningPostgres> {
	await ensureDebianPackages();
	const dataDir = path.join(dir, 'data');
	fs.mkdirSync(dir, { recursive: true });
	// The run folder lives under root's tmp; the postgres user needs to reach and own its folder.
	for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
		const mode = fs.statSync(d).mode;
		if ((mode & 0o001) === 0) fs.chmodSync(d, mode | 0o001);
	}
	await runOk('chown', [PG_USER, dir]);
	const logFile = path.join(dir, 'postgres.log');
	await runOk(...asPostgres(`${pgBin()}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', PG_USER, '--no-sync', '-E', 'UTF8']), { logFile });
	const port = await freePort();
	const server = spawnServer(
		...asPostgres(`${pgBin()}/postgres`, [
			'-D', dataDir, '-h', '127.0.0.1', '-p', String(port), '-c', 'unix_socket_directories=',
			'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
		]),
		logFile,
		'SIGINT', // fast shutdown
	);
	const psql = async (args: string[]) => await runOk('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', PG_USER, ...args]);
	try {
		await waitUntil('postgres', async () => {
			try {
				await psql(['-c', 'SELECT 1', 'postgres']);
				return true;
			} catch {
				return false;
			}
		}, server);
		await psql(['-c', 'CREATE DATABASE n8n', 'postgres']);
	} catch (error) {
		await server.stop();
		throw error;
	}
	return { port, pid: server.pid, logFile, stop: server.stop, user: PG_USER, database: 'n8n' };
}
