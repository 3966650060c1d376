/**
 * The n8n CLI on a user folder (with or without a running server on it): imports and executions.
 * Every call runs with the folder's n8n and Node, the same environment as the server, and its own task-broker port;
 * its full output is appended to `<user folder>/logs/cli.log`.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureN8n } from './install';
import { n8nEnv } from './n8n-env';
import { createUserFolder, n8nVersionOf, userFolderPaths } from './user-folder';
import {
	listExecutions,
	maxExecutionId,
	readExecution,
	type RunExecutionData,
} from './executions';
import { CommandError, freePort, run, sleep, tail, type RunResult } from './proc';
import { withLock } from './workdir';

export interface CliOptions {
	env?: NodeJS.ProcessEnv;
	timeoutMs?: number;
	/** Do not throw on a non-zero exit code. */
	allowFailure?: boolean;
}

/**
 * Runs `n8n <args>` on a user folder. Throws (with the output's tail) on a non-zero exit. Calls on
 * one folder take turns across processes: suites in parallel workers share one n8n (see
 * shared.ts), and parallel CLI executions can crash n8n's expression sandbox on exit.
 */
export async function n8nCli(userFolder: string, args: string[], options: CliOptions = {}): Promise<RunResult> {
	createUserFolder(userFolder);
	const install = await ensureN8n(n8nVersionOf(userFolder));
	const env = await n8nEnv(userFolder, { brokerPort: await freePort(), env: options.env });
	const timeoutMs = options.timeoutMs ?? 5 * 60_000;
	const result = await withLock(
		path.join(userFolderPaths(userFolder).logsDir, 'cli.lock'),
		async () =>
			await run(install.node, [install.n8nBin, ...args], {
				cwd: userFolder,
				env,
				timeoutMs,
				logFile: path.join(userFolderPaths(userFolder).logsDir, 'cli.log'),
			}),
		timeoutMs + 30 * 60_000,
	);
	if (result.exitCode !== 0 && !options.allowFailure) {
		throw new CommandError(
			`n8n ${args.join(' ')} exited with ${result.exitCode}\n--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`,
			result,
		);
	}
	return result;
}

/** A random id in n8n's format (16 alphanumerics), for credentials and workflows. */
export function n8nId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

function writeImportFile(userFolder: string, kind: string, content: unknown): string {
	const { importsDir } = userFolderPaths(userFolder);
	fs.mkdirSync(importsDir, { recursive: true });
	const file = path.join(importsDir, `${kind}-${Date.now()}-${n8nId().slice(0, 6)}.json`);
	fs.writeFileSync(file, JSON.stringify(content, null, 2));
	return file;
}

function checkImported(result: RunResult, what: string): void {
	// import:* report failures through the logger and may still exit 0.
	if (!/Successfully imported/.test(result.stdout + result.stderr)) {
		throw new CommandError(
			`n8n import of ${what} did not report success\n--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`,
			result,
		);
	}
}

export interface CredentialInput {
	/** Generated when omitted. */
	id?: string;
	name: string;
	/** Credential type name, e.g. `documentProcessingApi`. */
	type: string;
	/** Plain field values; n8n encrypts them with the folder's encryption key on import. */
	data: Record<string, unknown>;
}

/**
 * Imports credentials with `n8n import:credentials` (plain `data` objects are encrypted by the
 * command). They belong to the instance owner's personal project. Returns the ids.
 */
export async function importCredentials(
	userFolder: string,
	credentials: CredentialInput | CredentialInput[],
	options: CliOptions = {},
): Promise<string[]> {
	const list = (Array.isArray(credentials) ? credentials : [credentials]).map((c) => ({ ...c, id: c.id ?? n8nId() }));
	const file = writeImportFile(userFolder, 'credentials', list);
	checkImported(await n8nCli(userFolder, ['import:credentials', `--input=${file}`], options), file);
	return list.map((c) => c.id);
}

/** Shorthand for one credential; returns `{id, name}` as a workflow node references it. */
export async function importCredential(
	userFolder: string,
	credential: CredentialInput,
	options: CliOptions = {},
): Promise<{ id: string; name: string }> {
	const [id] = await importCredentials(userFolder, credential, options);
	return { id, name: credential.name };
}

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** A workflow (object or JSON file) as it is imported: with an id (generated when it has none) and settings. */
export function workflowToImport(workflow: WorkflowJson | string): WorkflowJson & { id: string } {
	const json = typeof workflow === 'string' ? (JSON.parse(fs.readFileSync(workflow, 'utf8')) as WorkflowJson) : workflow;
	return { settings: { executionOrder: 'v1' }, ...json, id: json.id ?? n8nId() };
}

/** Imports one workflow with `n8n import:workflow` (see workflowToImport), unpublished; returns its id. */
export async function importWorkflow(userFolder: string, workflow: WorkflowJson | string, options: CliOptions = {}): Promise<string> {
	const withId = { active: false, ...workflowToImport(workflow) };
	const file = writeImportFile(userFolder, 'workflow', withId);
	checkImported(await n8nCli(userFolder, ['import:workflow', `--input=${file}`], options), file);
	return withId.id;
}

export interface ExecutionResult {
	/** Id of the saved execution (undefined only if n8n did not save it). */
	executionId?: number;
	/** n8n's execution status: success, error, crashed, canceled, ... */
	status: string;
	finished: boolean;
	/** The full run data; use nodeOutputJson(result.data, 'Node name') to read a node's items. */
	data: RunExecutionData;
	/** Where `data` came from: the saved execution (preferred) or the CLI's stdout. */
	source: 'database' | 'stdout';
	/** What n8n printed while the workflow ran: the CLI's output, or the server's log from the run's start to its end (rest-execute.ts). */
	log: string;
	/** The CLI call, when the run went through `n8n execute` (exit code 139 after a successful run is tolerated, see README). */
	cli?: RunResult;
}

/** Parses the IRun JSON that `n8n execute --rawOutput` prints after its log lines. */
export function parseExecuteOutput(stdout: string): { status?: string; finished?: boolean; data: RunExecutionData } | undefined {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	if (start === -1) return undefined;
	for (let end = lines.length - 1; end > start; end--) {
		if (lines[end] !== '}') continue;
		try {
			const parsed = JSON.parse(lines.slice(start, end + 1).join('\n')) as {
				status?: string;
				finished?: boolean;
				data?: RunExecutionData;
			};
			if (parsed.data?.resultData) return { status: parsed.status, finished: parsed.finished, data: parsed.data };
		} catch {
			// keep looking for an earlier closing brace
		}
	}
	return undefined;
}

let executeQueue: Promise<unknown> = Promise.resolve();

/**
 * Executes a workflow with `n8n execute --id` and returns its run data. Executions are serialised
 * within the test process (parallel CLI executions can crash n8n's expression sandbox on exit).
 * The result comes from the saved execution in the database (found as the newest execution of the
 * workflow created by this call), falling back to the CLI's printed output. A workflow that fails
 * is returned with status `error`, not thrown: assert on `status` / nodeError().
 */
export async function executeWorkflow(
	userFolder: string,
	workflowId: string,
	options: CliOptions = {},
): Promise<ExecutionResult> {
	const job = executeQueue.then(async () => await executeUnlessBusy(userFolder, workflowId, options));
	executeQueue = job.catch(() => undefined);
	return await job;
}

/** SQLite's answer when the server held the write lock longer than the CLI process waited for it. */
const DATABASE_BUSY = /SQLITE_BUSY|database is locked/;
const BUSY_ATTEMPTS = 3;

/**
 * The CLI is a second process on the server's SQLite file: while the server writes (other suites'
 * executions on the shared n8n), the CLI can meet a locked database before it has created the
 * execution. Nothing ran then, so the call is made again; any other refusal is thrown at once.
 */
async function executeUnlessBusy(userFolder: string, workflowId: string, options: CliOptions): Promise<ExecutionResult> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await executeNow(userFolder, workflowId, options);
		} catch (error) {
			const busy = error instanceof CommandError && DATABASE_BUSY.test(`${error.result.stdout}\n${error.result.stderr}`);
			if (!busy || attempt >= BUSY_ATTEMPTS) throw error;
			await sleep(1000 * attempt);
		}
	}
}

async function executeNow(userFolder: string, workflowId: string, options: CliOptions): Promise<ExecutionResult> {
	const before = await maxExecutionId(userFolder);
	const cli = await n8nCli(userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		...options,
		allowFailure: true,
	});
	const [latest] = await listExecutions(userFolder, { workflowId, afterId: before, limit: 1 });
	const saved = latest ? await readExecution(userFolder, latest.id) : undefined;
	const printed = parseExecuteOutput(cli.stdout);
	if (saved?.data) {
		return {
			executionId: saved.id,
			status: saved.status,
			finished: Boolean(saved.finished),
			data: saved.data,
			source: 'database',
			log: cli.stdout + cli.stderr,
			cli,
		};
	}
	if (printed) {
		return {
			executionId: saved?.id,
			status: printed.status ?? 'unknown',
			finished: Boolean(printed.finished),
			data: printed.data,
			source: 'stdout',
			log: cli.stdout + cli.stderr,
			cli,
		};
	}
	throw new CommandError(
		`n8n execute --id=${workflowId} produced no execution (exit ${cli.exitCode}). ` +
			`"No active execution found" means n8n refused the run before it started (unknown node ` +
			`type, missing credential, ...).\n--- stdout\n${tail(cli.stdout)}\n--- stderr\n${tail(cli.stderr)}`,
		cli,
	);
}
