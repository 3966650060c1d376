/**
 * What the tests of the flows suite (flows.e2e.test.ts) share: the workflow files it imports, how
 * a test runs one of them and reads the emulator's request log, and reading output items with
 * their pairing.
 */
import type { LoggedRequest } from '../../emulator/request-log';
import type { E2eSuite } from '../lib/suite';
import { nodeOutputJson, nodeRuns, PACKAGE_NAME, type ExecutionResult } from '../n8n';

export const ACTION = `${PACKAGE_NAME}.documentProcessing`;

export const WORKFLOW_FILES = ['read-and-process-files.json', 'email-channel.json', 'run-workflow-download.json', 'job-steps-and-event.json'] as const;
export type FlowFile = (typeof WORKFLOW_FILES)[number];

export interface FlowsContext {
	readonly suite: E2eSuite;
	/** Clears the emulator's request log, runs the flow's workflow, and checks it succeeded without showing the key. */
	execute(file: FlowFile): Promise<ExecutionResult>;
	/** The emulator's request log since the last `execute`. */
	requests(): Promise<LoggedRequest[]>;
	/** The service workflow the suite created for Run Workflow (known once the suite's setup ran). */
	serviceWorkflowId(): string;
}

export interface OutputItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}

export const pairedIndex = (item: OutputItem): number => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	if (paired === undefined) throw new Error(`item without pairedItem: ${JSON.stringify(item.json).slice(0, 200)}`);
	return paired.item;
};

/** Output items of a node with their pairedItem (nodeOutputJson gives only json). */
export const nodeItems = (run: ExecutionResult, node: string): OutputItem[] => {
	nodeOutputJson(run.data, node); // throws a readable error when the node failed or did not run
	return (nodeRuns(run.data, node)[0]?.data?.main?.[0] ?? []) as OutputItem[];
};
