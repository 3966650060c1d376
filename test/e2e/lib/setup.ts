/**
 * One call for a test suite: the packed package installed as a community package into a fresh
 * user folder, n8n started on it, the owner set up, and helpers bound to that folder.
 */
import * as path from 'node:path';
import {
	n8nCli,
	type CliOptions,
	type CredentialInput,
	type ExecutionResult,
	type WorkflowJson,
} from './cli';
import { ensureN8n } from './install';
import { installPackage, type InstalledPackage, type InstallPackageOptions } from './community-package';
import { startN8n, type N8nInstance } from './instance';
import { createUserFolder } from './user-folder';
import { packPackage } from './pack';
import { publishWorkflow, unpublishWorkflow } from './publish';
import type { RunResult } from './proc';
import { N8nRestSession } from './rest';
import { executeViaRest } from './rest-execute';
import { restImporter } from './rest-import';
import { createRunDir } from './workdir';

export interface SetupN8nOptions {
	/** Names the run folder (e.g. the suite name). */
	label?: string;
	/** Extra environment for the server and the CLI calls. */
	env?: NodeJS.ProcessEnv;
	installMethod?: InstallPackageOptions['method'];
	/** Tarball to install instead of packing the working tree. */
	tarball?: string;
	/** n8n version (default N8N_VERSION); the user folder is bound to it. */
	version?: string;
}

export interface E2eN8n {
	runDir: string;
	userFolder: string;
	tarball: string;
	installed: InstalledPackage;
	n8n: N8nInstance;
	/** Owner session on the REST API. */
	rest: N8nRestSession;
	cli(args: string[], options?: CliOptions): Promise<RunResult>;
	importCredential(credential: CredentialInput): Promise<{ id: string; name: string }>;
	importWorkflow(workflow: WorkflowJson | string): Promise<string>;
	/** Runs the workflow from its Manual Trigger on the server (rest-execute.ts). */
	execute(workflowId: string, options?: { timeoutMs?: number }): Promise<ExecutionResult>;
	/** Publishes via REST and waits until the server activated the triggers (throws on failure). */
	publish(workflowId: string): Promise<void>;
	unpublish(workflowId: string): Promise<void>;
	/** Stops n8n (safe to call twice, and when setup failed half-way). */
	close(): Promise<void>;
}

export async function setupN8nE2e(options: SetupN8nOptions = {}): Promise<E2eN8n> {
	// A cold n8n install and the package build are independent: run them side by side.
	const [, tarball] = await Promise.all([ensureN8n(options.version), options.tarball ?? packPackage()]);
	const runDir = createRunDir(options.label ?? 'e2e');
	const userFolder = createUserFolder(path.join(runDir, 'n8n-user'), options.version);
	const installed = await installPackage(userFolder, tarball, { method: options.installMethod });
	const n8n = await startN8n({ userFolder, env: options.env });
	try {
		const rest = await N8nRestSession.owner(n8n.url);
		const cliOptions = (o?: CliOptions): CliOptions => ({ ...o, env: { ...options.env, ...o?.env } });
		// n8n 1.x gives a workflow saved over REST a new id: the suites go on with the one it returns.
		const importer = restImporter(rest, { n8nV1: n8n.install.version.startsWith('1.') });
		return {
			runDir,
			userFolder,
			tarball,
			installed,
			n8n,
			rest,
			cli: async (args, o) => await n8nCli(userFolder, args, cliOptions(o)),
			importCredential: importer.importCredential,
			importWorkflow: importer.importWorkflow,
			execute: async (workflowId, o) => await executeViaRest(rest, workflowId, { logFile: n8n.logFile, ...o }),
			publish: async (workflowId) => await publishWorkflow(rest, userFolder, workflowId),
			unpublish: async (workflowId) => await unpublishWorkflow(rest, userFolder, workflowId),
			close: async () => await n8n.stop(),
		};
	} catch (error) {
		await n8n.stop();
		throw error;
	}
}
