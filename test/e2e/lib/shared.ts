/**
 * One n8n per jest run: the e2e and editor projects' global setup starts it (pack, install,
 * start, owner) and writes where it runs to a state file; every suite attaches to it instead of
 * booting its own (about 25 s each). Suites stay independent by using their own emulator, API key,
 * credentials, workflows and webhook ids, and by filtering executions by workflow id.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { executeWorkflow, importCredential, importWorkflow, n8nCli } from './cli';
import type { InstalledPackage } from './community-package';
import type { N8nInstance } from './instance';
import { killGroup, sleep, tail } from './proc';
import { publishWorkflow, unpublishWorkflow } from './publish';
import { N8nRestSession } from './rest';
import { setupN8nE2e, type E2eN8n } from './setup';

/** Set by the global setup for the workers (they inherit the environment). */
export const SHARED_N8N_ENV = 'DP_E2E_SHARED_N8N';

interface SharedState {
	runDir: string;
	userFolder: string;
	tarball: string;
	installed: InstalledPackage;
	n8n: Pick<N8nInstance, 'url' | 'port' | 'brokerPort' | 'userFolder' | 'logFile' | 'pid' | 'install' | 'env'>;
}

/** The instance the global setup started (only in the jest main process). */
let owned: E2eN8n | undefined;

/** Global setup: starts the shared n8n once, even when both the e2e and editor projects run. */
export async function startSharedN8n(): Promise<void> {
	if (owned) return;
	owned = await setupN8nE2e({ label: 'shared' });
	const { runDir, userFolder, tarball, installed, n8n } = owned;
	const state: SharedState = {
		runDir,
		userFolder,
		tarball,
		installed,
		n8n: {
			url: n8n.url,
			port: n8n.port,
			brokerPort: n8n.brokerPort,
			userFolder,
			logFile: n8n.logFile,
			pid: n8n.pid,
			install: n8n.install,
			env: n8n.env,
		},
	};
	const file = path.join(runDir, 'shared-n8n.json');
	fs.writeFileSync(file, JSON.stringify(state, null, 2));
	process.env[SHARED_N8N_ENV] = file;
}

/** Global teardown: stops the shared n8n (a second call is a no-op). */
export async function stopSharedN8n(): Promise<void> {
	const instance = owned;
	const file = process.env[SHARED_N8N_ENV];
	owned = undefined;
	delete process.env[SHARED_N8N_ENV];
	if (instance) return await instance.close();
	// Jest loaded the teardown apart from the setup: stop the server by the pid in the state file.
	if (!file || !fs.existsSync(file)) return;
	const { pid } = (JSON.parse(fs.readFileSync(file, 'utf8')) as SharedState).n8n;
	if (!killGroup(pid, 'SIGTERM')) return;
	const deadline = Date.now() + 15_000;
	while (Date.now() < deadline && killGroup(pid, 0)) await sleep(250);
	killGroup(pid, 'SIGKILL');
}

/**
 * A suite's handle on the shared n8n; `close()` leaves it running for the other suites. A suite
 * that asks for another n8n version, or runs without the global setup (a config that does not
 * register it), gets an n8n of its own.
 */
export async function attachSharedN8n(label: string, version?: string): Promise<E2eN8n> {
	const file = process.env[SHARED_N8N_ENV];
	const state = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SharedState) : undefined;
	if (!state || (version !== undefined && version !== state.n8n.install.version)) return await setupN8nE2e({ label, version });
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
	return {
		runDir: state.runDir,
		userFolder,
		tarball: state.tarball,
		installed: state.installed,
		n8n,
		rest,
		cli: async (args, o) => await n8nCli(userFolder, args, o),
		importCredential: async (credential) => await importCredential(userFolder, credential),
		importWorkflow: async (workflow) => await importWorkflow(userFolder, workflow),
		execute: async (workflowId, o) => await executeWorkflow(userFolder, workflowId, o),
		publish: async (workflowId) => await publishWorkflow(rest, userFolder, workflowId),
		unpublish: async (workflowId) => await unpublishWorkflow(rest, userFolder, workflowId),
		close: async () => undefined,
	};
}
