/**
 * Runs a saved workflow on the running server the way the editor's *Execute workflow* button does
 * (POST /rest/workflows/:id/run from its Manual Trigger), then reads the saved execution back.
 * `n8n execute` boots a whole n8n process per call (seconds of CPU each, one call at a time per
 * folder); this is one request to a server that is already up, and runs side by side.
 */
import * as fs from 'node:fs';
import type { ExecutionResult } from './cli';
import type { RunExecutionData } from './executions';
import { sleep } from './proc';
import type { N8nRestSession } from './rest';

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const UNFINISHED = new Set(['new', 'running', 'waiting', 'unknown']);

export interface RestExecuteOptions {
	/** The server's log: what it printed from the run's start to its end becomes the result's `log`. */
	logFile: string;
	timeoutMs?: number;
}

/** Bytes of a file so far (0 when it does not exist yet). */
function sizeOf(file: string): number {
	try {
		return fs.statSync(file).size;
	} catch {
		return 0;
	}
}

function readFrom(file: string, offset: number): string {
	const fd = fs.openSync(file, 'r');
	try {
		const length = Math.max(0, fs.fstatSync(fd).size - offset);
		const buffer = Buffer.alloc(length);
		fs.readSync(fd, buffer, 0, length, offset);
		return buffer.toString('utf8');
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * n8n 1.x writes an ended execution's status and its run data in two statements, so a finished
 * status can be read beside the data saved at the start (no node run yet). A run has ended once its
 * data holds a node's run or the execution's error.
 */
function hasFinalData(data: RunExecutionData | undefined): boolean {
	const result = data?.resultData;
	return Boolean(result && (Object.keys(result.runData ?? {}).length > 0 || result.error));
}

/**
 * Executes a workflow from its Manual Trigger and returns the saved execution. A workflow that
 * fails is returned with status `error`, not thrown (as the CLI path does): assert on `status`.
 * n8n 1.x wants the workflow in the body, 2.x reads it from its database and drops the field.
 */
export async function executeViaRest(
	rest: Pick<N8nRestSession, 'request' | 'getWorkflow' | 'getExecution'>,
	workflowId: string,
	options: RestExecuteOptions,
): Promise<ExecutionResult> {
	const workflow = await rest.getWorkflow(workflowId);
	const nodes = (workflow.nodes ?? []) as Array<{ name: string; type: string }>;
	const trigger = nodes.find((node) => node.type === MANUAL_TRIGGER);
	if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to execute it from`);
	const logStart = sizeOf(options.logFile);
	const started = await rest.request<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/rest/workflows/${encodeURIComponent(workflowId)}/run`, {
		workflowData: workflow,
		triggerToStartFrom: { name: trigger.name },
	});
	if (!started.executionId) throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(started)}`);
	const timeoutMs = options.timeoutMs ?? 5 * 60_000;
	const deadline = Date.now() + timeoutMs;
	// Short polls first: most test flows end within a second.
	for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
		const execution = await rest.getExecution(started.executionId);
		if (!UNFINISHED.has(execution.status) && hasFinalData(execution.data)) {
			return {
				executionId: Number(started.executionId),
				status: execution.status,
				finished: Boolean(execution.finished),
				data: execution.data,
				source: 'database',
				log: readFrom(options.logFile, logStart),
			};
		}
		if (Date.now() > deadline) throw new Error(`execution ${started.executionId} of workflow ${workflowId} still ${execution.status}${hasFinalData(execution.data) ? '' : ' (its run data not saved)'} after ${timeoutMs} ms`);
		await sleep(wait);
	}
}
