/**
 * One n8n per jest run: the e2e and editor projects' global setup starts it (pack, install,
 * start, owner) and writes where it runs to a state file; every suite attaches to it instead of
 * booting its own (about 25 s each). Suites import credentials and workflows through its REST API
 * (rest-import.ts) and run workflows through it too (rest-execute.ts). The global setup does not wait for the boot: jest runs no test
 * before every global setup has returned, so the unit, emulator and integration suites run while
 * n8n starts, and a suite that needs n8n waits for the state file. Suites stay independent by
 * using their own emulator, API key, credentials, workflows and webhook ids, and by filtering
 * executions by workflow id.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { n8nCli } from './cli';
import type { InstalledPackage } from './community-package';
import type { N8nInstance } from './instance';
import { killGroup, sleep, tail } from './proc';
import { publishWorkflow, unpublishWorkflow } from './publish';
import { N8nRestSession } from './rest';
import { executeViaRest } from './rest-execute';
import { restImporter } from './rest-import';
import { setupN8nE2e, type E2eN8n } from './setup';
import { N8N_VERSION, WORK_DIR } from './config';

/** Set by the global setup for the workers (they inherit the environment). */
export const SHARED_N8N_ENV = 'DP_E2E_SHARED_N8N';

interface SharedState {
	runDir: string;
	userFolder: string;
	tarball: string;
	installed: InstalledPackage;
	n8n: Pick<N8nInstance, 'url' | 'port' | 'brokerPort' | 'userFolder' | 'logFile' | 'pid' | 'install' | 'env'>;
}

/** The boot the global setup started (only in the jest main process). */
let booting: Promise<E2eN8n | undefined> | undefined;

/** How long a suite waits for the shared n8n (a cold n8n install included). */
const BOOT_WAIT_MS = 20 * 60_000;

/** The boot's failure, next to the state file, so every waiting suite fails with its reason. */
function failureFile(stateFile: string): string {
	return `${stateFile}.failed`;
}

function stateOf(n8n: E2eN8n): SharedState {
	const { runDir, userFolder, tarball, installed } = n8n;
	const { url, port, brokerPort, logFile, pid, install, env } = n8n.n8n;
	return { runDir, userFolder, tarball, installed, n8n: { url, port, brokerPort, userFolder, logFile, pid, install, env } };
}

/** The state file once the boot finished; throws the boot's failure, or after BOOT_WAIT_MS. */
async function waitForState(file: string): Promise<SharedState> {
	const deadline = Date.now() + BOOT_WAIT_MS;
	for (;;) {
		if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SharedState;
		if (fs.existsSync(failureFile(file))) throw new Error(`the shared n8n did not start: ${fs.readFileSync(failureFile(file), 'utf8')}`);
		if (Date.now() > deadline) throw new Error(`the shared n8n was not up after ${BOOT_WAIT_MS / 60_000} minutes (${file})`);
		await sleep(200);
	}
}

/**
 * Global setup: starts booting the shared n8n (once, even when several projects run) and returns
 * at once; the state file appears when it is up, a failure file when it could not start.
 */
export function startSharedN8n(): void {
	if (booting) return;
	fs.mkdirSync(WORK_DIR, { recursive: true });
	const file = path.join(fs.mkdtempSync(path.join(WORK_DIR, 'shared-')), 'shared-n8n.json');
	process.env[SHARED_N8N_ENV] = file;
	booting = setupN8nE2e({ label: 'shared' }).then(
		(n8n) => {
			// Written whole, then renamed: a waiting suite never reads half a file.
			fs.writeFileSync(`${file}.tmp`, JSON.stringify(stateOf(n8n), null, 2));
			fs.renameSync(`${file}.tmp`, file);
			return n8n;
		},
		(error: unknown) => {
			fs.writeFileSync(failureFile(file), error instanceof Error ? (error.stack ?? error.message) : String(error));
			return undefined;
		},
	);
}

/** Global teardown: stops the shared n8n once its boot has settled (a second call is a no-op). */
export async function stopSharedN8n(): Promise<void> {
	const boot = booting;
	const file = process.env[SHARED_N8N_ENV];
	booting = undefined;
	delete process.env[SHARED_N8N_ENV];
	if (!file) return;
	try {
		await stopBooted(boot, file);
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
}

async function stopBooted(boot: Promise<E2eN8n | undefined> | undefined, file: string): Promise<void> {
	if (boot) return await (await boot)?.close();
	// Jest loaded the teardown apart from the setup: wait for the boot, then stop the server by its pid.
	let pid: number;
	try {
		pid = (await waitForState(file)).n8n.pid;
	} catch {
		return;
	}
	if (!killGroup(pid, 'SIGTERM')) return;
	const deadline = Date.now() + 15_000;
	while (Date.now() < deadline && killGroup(pid, 0)) await sleep(250);
	killGroup(pid, 'SIGKILL');
}

/** Boots of another n8n version that every suite of one test file shares (shareN8nInFile in suite.ts). */
const heldBoots = new Map<string, Promise<E2eN8n>>();

export function holdN8n(version: string, label: string): Promise<E2eN8n> {
	const boot = setupN8nE2e({ label, version });
	heldBoots.set(version, boot);
	return boot;
}

/** Whether this test file holds a boot of its own, which its suites must leave running. */
export function holdsN8n(): boolean {
	return heldBoots.size > 0;
}

export async function releaseHeldN8n(version: string): Promise<void> {
	const boot = heldBoots.get(version);
	heldBoots.delete(version);
	await (await boot?.catch(() => undefined))?.close();
}

/**
 * A suite's handle on the shared n8n; `close()` leaves it running for the other suites. A suite
 * that asks for another n8n version, or runs without the global setup (a config that does not
 * register it), gets an n8n of its own.
 */
export async function attachSharedN8n(label: string, version?: string): Promise<E2eN8n> {
	const file = process.env[SHARED_N8N_ENV];
	if (!file || (version !== undefined && version !== N8N_VERSION)) {
		const held = version === undefined ? undefined : heldBoots.get(version);
		// The file's suites share the held boot; it is stopped once, after the last (releaseHeldN8n).
		if (held) return { ...(await held), close: async () => undefined };
		return await setupN8nE2e({ label, version });
	}
	const state = await waitForState(file);
	const { userFolder } = state;
	const n8n: N8nInstance = {
		...state.n8n,
		logTail: (lines = 60) => {
			try {
				return tail(fs.readFileSync(state.n8n.logFile, 'utf8'), lines);
			} catch {
				return '';
			}
		},
		stop: async () => undefined,
	};
	const rest = await N8nRestSession.owner(n8n.url);
	// Imports go to the running server (rest-import.ts): no n8n boot each, no turn in the CLI queue.
	const importer = restImporter(rest);
	return {
		runDir: state.runDir,
		userFolder,
		tarball: state.tarball,
		installed: state.installed,
		n8n,
		rest,
		cli: async (args, o) => await n8nCli(userFolder, args, o),
		importCredential: importer.importCredential,
		importWorkflow: importer.importWorkflow,
		execute: async (workflowId, o) => await executeViaRest(rest, workflowId, { logFile: state.n8n.logFile, ...o }),
		publish: async (workflowId) => await publishWorkflow(rest, userFolder, workflowId),
		unpublish: async (workflowId) => await unpublishWorkflow(rest, userFolder, workflowId),
		close: async () => undefined,
	};
}
