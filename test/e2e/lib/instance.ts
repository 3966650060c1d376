/**
 * A real n8n instance for tests: a user folder (N8N_USER_FOLDER, data in `<folder>/.n8n`), the
 * package installed into it as a community package, the environment every n8n process on that
 * folder gets, and `n8n start` with readiness wait, captured log and clean stop.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, DEFAULT_ENCRYPTION_KEY, N8N_LOG_LEVEL, N8N_VERSION } from './config';
import { ensureN8n, type N8nInstall } from './install';
import { freePort, killGroup, runOk, sleep, spawnTracked, tail } from './proc';

/** Well-known paths inside a user folder. */
export function userFolderPaths(userFolder: string) {
	const dotN8n = path.join(userFolder, '.n8n');
	return {
		root: userFolder,
		/** n8n's data folder (config, database.sqlite, binary data, ...). */
		dotN8n,
		/** Community packages folder: `npm install` happens here. */
		nodesDir: path.join(dotN8n, 'nodes'),
		database: path.join(dotN8n, 'database.sqlite'),
		/** The only folder nodes may read/write files in (N8N_RESTRICT_FILE_ACCESS_TO). */
		filesDir: path.join(userFolder, 'files'),
		/** Server log, one log per CLI call, imported JSON files. */
		logsDir: path.join(userFolder, 'logs'),
		importsDir: path.join(userFolder, 'imports'),
		/** Which n8n version the folder belongs to (absent: N8N_VERSION). */
		versionFile: path.join(userFolder, 'n8n-version'),
	};
}

/**
 * Creates (or completes) the folder layout of a user folder and returns its path. With `version`,
 * the folder is bound to that n8n version: server, CLI calls and database reads on it use that
 * install (a database migrated by one version must not be opened by another).
 */
export function createUserFolder(userFolder: string, version?: string): string {
	const p = userFolderPaths(userFolder);
	for (const dir of [p.dotN8n, p.nodesDir, p.filesDir, p.logsDir, p.importsDir]) {
		fs.mkdirSync(dir, { recursive: true });
	}
	if (version !== undefined) fs.writeFileSync(p.versionFile, version);
	return userFolder;
}

/** The n8n version a user folder belongs to (see createUserFolder). */
export function n8nVersionOf(userFolder: string): string {
	try {
		return fs.readFileSync(userFolderPaths(userFolder).versionFile, 'utf8').trim() || N8N_VERSION;
	} catch {
		return N8N_VERSION;
	}
}

export interface InstalledPackage {
	name: string;
	version: string;
	/** `<user folder>/.n8n/nodes/node_modules/<name>` */
	directory: string;
}

export interface InstallPackageOptions {
	/**
	 * `npm` (default): what the README tells users, `npm install <package>` in `~/.n8n/nodes`, with
	 * peer dependencies omitted: n8n-workflow must resolve to n8n's own copy (n8n puts its
	 * node_modules on NODE_PATH), not to a second one npm would fetch.
	 * `n8n`: what Settings → Community Nodes does in n8n 2.40.7: unpack the tarball into
	 * `nodes/node_modules/<name>`, drop dev/peer/optional dependencies from its package.json,
	 * `npm install` inside it (shallow, no scripts, no lock), and record it in nodes/package.json.
	 */
	method?: 'npm' | 'n8n';
	/** `npm` method only: install peer dependencies too, as a plain `npm install` (npm ≥ 7) does. */
	withPeers?: boolean;
}

/** Installs a package tarball into a user folder as a community package. */
export async function installPackage(
	userFolder: string,
	tarballPath: string,
	options: InstallPackageOptions = {},
): Promise<InstalledPackage> {
	createUserFolder(userFolder);
	const { nodesDir, logsDir } = userFolderPaths(userFolder);
	const tarball = path.resolve(tarballPath);
	const env = baseEnv();
	const logFile = path.join(logsDir, 'install-package.log');
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) {
		fs.writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	}
	const common = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=warn'];
	let name: string;
	if ((options.method ?? 'npm') === 'npm') {
		const peers = options.withPeers ? [] : ['--omit=peer'];
		await runOk('npm', ['install', tarball, '--omit=dev', ...peers, ...common], {
			cwd: nodesDir,
			env,
			logFile,
		});
		const deps = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> })
			.dependencies;
		const entry = Object.entries(deps).find(([, spec]) => spec.includes(path.basename(tarball)));
		if (!entry) throw new Error(`npm install did not record ${tarball} in ${manifest}`);
		name = entry[0];
	} else {
		const staging = fs.mkdtempSync(path.join(nodesDir, '.unpack-'));
		try {
			await runOk('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1'], { logFile });
			const pkgFile = path.join(staging, 'package.json');
			const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown> & {
				name: string;
				version: string;
			};
			delete pkg.devDependencies;
			delete pkg.peerDependencies;
			delete pkg.optionalDependencies;
			fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
			name = pkg.name;
			const target = path.join(nodesDir, 'node_modules', name);
			fs.rmSync(target, { recursive: true, force: true });
			fs.mkdirSync(path.dirname(target), { recursive: true });
			fs.renameSync(staging, target);
			await runOk(
				'npm',
				['install', '--bin-links=false', '--install-strategy=shallow', '--package-lock=false', ...common],
				{ cwd: target, env, logFile },
			);
			const nodesManifest = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
				dependencies?: Record<string, string>;
			};
			nodesManifest.dependencies = { ...nodesManifest.dependencies, [name]: pkg.version };
			fs.writeFileSync(manifest, JSON.stringify(nodesManifest, null, 2));
		} finally {
			fs.rmSync(staging, { recursive: true, force: true });
		}
	}
	const directory = path.join(nodesDir, 'node_modules', name);
	const installed = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
		version: string;
	};
	return { name, version: installed.version, directory };
}

export interface N8nEnvOptions {
	/** HTTP port of `n8n start` (not needed for CLI commands). */
	port?: number;
	/** Task broker port; every n8n process needs its own (default 5679 is n8n's own). */
	brokerPort: number;
	/** Extra/overriding variables, e.g. N8N_EXPRESSION_ENGINE. */
	env?: NodeJS.ProcessEnv;
}

/**
 * The environment of every n8n process on a user folder (server and CLI alike): loopback only, no
 * telemetry or calls home, fixed encryption key, n8n's Node first on PATH (n8n starts its JS task
 * runner as plain `node`).
 */
export async function n8nEnv(userFolder: string, options: N8nEnvOptions): Promise<NodeJS.ProcessEnv> {
	const install = await ensureN8n(n8nVersionOf(userFolder));
	const { filesDir } = userFolderPaths(userFolder);
	const port = options.port ?? 5678;
	return baseEnv({
		PATH: `${install.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: DEFAULT_ENCRYPTION_KEY,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Nothing may leave 127.0.0.1: telemetry, version checks, templates, the vetted community
		// nodes list and (2.x) the MCP server registry all call n8n's servers otherwise.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// n8n 1.x has no such module and refuses to start on an unknown module name.
		...(install.version.startsWith('1.') ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		N8N_LOG_LEVEL,
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		...options.env,
	});
}

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
