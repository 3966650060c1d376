/**
 * Saved executions, read straight from the user folder's SQLite database (works with or without a
 * running server; n8n stores run data "flatted" in execution_data), and helpers to pick a node's
 * output out of run data.
 */
import * as path from 'node:path';
import { ensureN8n } from './install';
import { n8nVersionOf, userFolderPaths } from './user-folder';
import { readDatabase } from './db-reader';
import { sleep } from './proc';

/** The parts of n8n's IRunExecutionData the tests look at (kept loose on purpose). */
export interface NodeRun {
	startTime?: number;
	executionTime?: number;
	executionStatus?: string;
	source?: unknown[];
	hints?: unknown[];
	data?: { main?: Array<Array<{ json: Record<string, unknown>; binary?: Record<string, unknown>; pairedItem?: unknown }> | null> };
	error?: { message?: string; description?: string | null; name?: string; httpCode?: string; [key: string]: unknown };
}

export interface RunExecutionData {
	resultData: {
		runData: Record<string, NodeRun[]>;
		lastNodeExecuted?: string;
		error?: { message?: string; description?: string | null; node?: { name?: string }; [key: string]: unknown };
	};
	[key: string]: unknown;
}

export interface ExecutionSummary {
	id: number;
	workflowId: string;
	status: string;
	mode: string;
	finished: boolean | number;
	startedAt: string | null;
	stoppedAt: string | null;
	/** null on n8n 1.x (no such column). */
	storedAt: string | null;
}

export interface SavedExecution extends ExecutionSummary {
	data: RunExecutionData | null;
	workflowData: Record<string, unknown> | null;
}

/** Runs one request of db-query.cjs against a user folder's database (db-reader.ts). */
export async function queryDatabase<T>(userFolder: string, request: Record<string, unknown>): Promise<T> {
	const install = await ensureN8n(n8nVersionOf(userFolder));
	return await readDatabase<T>(install.node, path.join(__dirname, 'db-query.cjs'), userFolderPaths(userFolder).database, {
		PATH: process.env.PATH ?? '',
		N8N_MODULES: install.n8nModules,
	}, request);
}

export async function maxExecutionId(userFolder: string): Promise<number> {
	return (await queryDatabase<{ max: number }>(userFolder, { op: 'maxExecutionId' })).max;
}

/** Executions, newest first. */
export async function listExecutions(
	userFolder: string,
	filter: { workflowId?: string; afterId?: number; limit?: number } = {},
): Promise<ExecutionSummary[]> {
	return (await queryDatabase<{ executions: ExecutionSummary[] }>(userFolder, { op: 'executions', ...filter }))
		.executions;
}

/** One saved execution with its run data, or undefined. */
export async function readExecution(userFolder: string, id: number | string): Promise<SavedExecution | undefined> {
	const { execution } = await queryDatabase<{ execution: SavedExecution | null }>(userFolder, {
		op: 'execution',
		id: Number(id),
	});
	return execution ?? undefined;
}

/** Any read-only SQL on the user folder's database (e.g. `SELECT * FROM webhook_entity`). */
export async function sql<T = Record<string, unknown>>(userFolder: string, query: string, params: unknown[] = []): Promise<T[]> {
	return (await queryDatabase<{ rows: T[] }>(userFolder, { op: 'sql', sql: query, params })).rows;
}

/**
 * Waits until at least `count` finished executions of a workflow exist with an id above `afterId`
 * (for published/trigger workflows, which the server runs on its own). Oldest first.
 */
export async function waitForExecutions(
	userFolder: string,
	options: { workflowId: string; afterId?: number; count?: number; timeoutMs?: number },
): Promise<SavedExecution[]> {
	const count = options.count ?? 1;
	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	for (;;) {
		const done = (await listExecutions(userFolder, { workflowId: options.workflowId, afterId: options.afterId }))
			.filter((e) => !['new', 'running', 'waiting'].includes(e.status))
			.reverse();
		if (done.length >= count) {
			const full = (await Promise.all(done.map(async (e) => await readExecution(userFolder, e.id)))).filter(
				(e): e is SavedExecution => e !== undefined,
			);
			// n8n 1.x on SQLite writes the status and the run data in two statements, no transaction
			// (its pool size 0): a read between them sees the final status with the previous run data.
			if (full.every(savedCompletely) || Date.now() > deadline) return full;
		}
		if (Date.now() > deadline) {
			throw new Error(
				`expected ${count} finished execution(s) of workflow ${options.workflowId}, found ${done.length}`,
			);
		}
		await sleep(500);
	}
}

/**
 * Whether a finished execution's saved run data is its final one: an error execution holds its
 * error; a successful one is no longer parked (`waitTill`) and has nothing left on its stack (the
 * data of a parked execution holds both, seen on 1.x as a "success" whose last nodes never ran).
 */
export function savedCompletely(execution: SavedExecution): boolean {
	const { data } = execution;
	if (execution.status === 'error') return data?.resultData.error !== undefined;
	if (execution.status !== 'success') return true;
	const stack = (data?.executionData as { nodeExecutionStack?: unknown[] } | undefined)?.nodeExecutionStack ?? [];
	return data !== null && !data.waitTill && stack.length === 0;
}

/** All runs of a node (an empty array when it did not run). */
export function nodeRuns(data: RunExecutionData | null | undefined, nodeName: string): NodeRun[] {
	return data?.resultData.runData[nodeName] ?? [];
}

/**
 * The `json` of every item a node output (run `runIndex`, output `outputIndex`). Throws a readable
 * error when the node did not run or failed, so a test shows n8n's message instead of `undefined`.
 */
export function nodeOutputJson(
	data: RunExecutionData | null | undefined,
	nodeName: string,
	{ runIndex = 0, outputIndex = 0 }: { runIndex?: number; outputIndex?: number } = {},
): Array<Record<string, unknown>> {
	const runs = nodeRuns(data, nodeName);
	const run = runs[runIndex];
	if (!run) {
		const ran = Object.keys(data?.resultData.runData ?? {}).join(', ') || 'none';
		const error = data?.resultData.error?.message;
		throw new Error(`node "${nodeName}" has no run ${runIndex} (nodes that ran: ${ran})${error ? `; execution error: ${error}` : ''}`);
	}
	if (run.error) {
		throw new Error(`node "${nodeName}" failed: ${run.error.message ?? ''} ${run.error.description ?? ''}`.trim());
	}
	return (run.data?.main?.[outputIndex] ?? []).map((item) => item.json);
}

/** The error a node ended with, if any. */
export function nodeError(data: RunExecutionData | null | undefined, nodeName: string, runIndex = 0): NodeRun['error'] {
	return nodeRuns(data, nodeName)[runIndex]?.error;
}
