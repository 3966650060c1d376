import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IWorkflowBase,
	NodeExecutionHint,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, deepCopy } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import type { HarnessBinary } from './binary';
import { readOutputBinary, storeBinaries } from './binary';
import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import type { HarnessBinaryMode } from './env';
import { withBinaryMode } from './env';
import type { AnyNodeType } from './node-types';
import type { HarnessNodeSettings } from './workflow';
import { createHarnessNode, createHarnessWorkflow, nextSequence } from './workflow';

/** One input item. Binaries are stored through n8n's BinaryDataService before the node runs. */
export interface HarnessItem {
	json?: IDataObject;
	binary?: Record<string, HarnessBinary>;
}

export interface ExecuteOptions {
	/** The node under test, e.g. `new DocumentProcessing()`. Versioned node types work too. */
	nodeType: AnyNodeType;
	/** Node parameters as saved in a workflow; expressions (`={{ $json.x }}`) allowed. Defaults are filled in by n8n. */
	parameters: INodeParameters;
	/** Input items (default: one empty item, as after a Manual Trigger). */
	items?: HarnessItem[];
	/** Decrypted credentials keyed by credential type name, e.g. `{ documentProcessingApi: {...} }`. */
	credentials?: HarnessCredentials;
	/** Sets the node's "On Error" to "Continue" (`onError: 'continueRegularOutput'`). */
	continueOnFail?: boolean;
	/** 'filesystem' (default): binaries on disk, `id: 'filesystem-v2:…'`. 'default': in memory, base64 in `data`. */
	binaryMode?: HarnessBinaryMode;
	/** Node type version; defaults to the type's default/highest version. */
	typeVersion?: number;
	/** `getWorkflowStaticData('node')`; mutated in place, so keep a reference to inspect it afterwards. */
	staticData?: IDataObject;
	/** `getWorkflowStaticData('global')`. */
	globalStaticData?: IDataObject;
	/** Execution mode (`this.getMode()`); default 'manual'. */
	mode?: WorkflowExecuteMode;
	/** Node name in the workflow; default `description.defaults.name`. */
	nodeName?: string;
	/** Other node settings: retryOnFail, maxTries, alwaysOutputData, onError: 'continueErrorOutput'… */
	nodeSettings?: HarnessNodeSettings;
	/** Credential type definitions, needed only if the node uses helpers.httpRequestWithAuthentication. */
	credentialTypes?: ICredentialType[];
	/** Workflow timezone (`$now`, `getTimezone()`). */
	timezone?: string;
	/** `$vars`. */
	variables?: IDataObject;
}

export interface ExecuteResult {
	/** What the node returned, after n8n's post-processing (paired items, error normalisation). */
	output: INodeExecutionData[][];
	/** Content of `output[outputIndex][itemIndex].binary[property]` (default property 'data', output 0). */
	readBinary(itemIndex: number, property?: string, outputIndex?: number): Promise<Buffer>;
	/** Execution hints the node added (`addExecutionHints`). */
	hints: NodeExecutionHint[];
	/** The node static data object (the one passed in, or a new one). */
	staticData: IDataObject;
	workflowId: string;
	executionId: string;
	/** The full run as n8n's WorkflowExecute produced it. */
	run: IRun;
}

/**
 * WorkflowExecute as n8n runs it; the only addition is remembering what the node threw,
 * because the engine stores errors as plain objects (`{...error}`) in the run data and the
 * harness rethrows the original NodeApiError / NodeOperationError instance.
 */
class ErrorCapturingWorkflowExecute extends WorkflowExecute {
	nodeError: { error: unknown } | undefined;

	override async runNode(
		...args: Parameters<WorkflowExecute['runNode']>
	): ReturnType<WorkflowExecute['runNode']> {
		try {
			return await super.runNode(...args);
		} catch (error) {
			this.nodeError = { error };
			throw error;
		}
	}
}

/**
 * Runs one node through n8n-core's real engine (WorkflowExecute → ExecuteContext) in a
 * one-node workflow whose execution starts at that node with `items` as input.
 * Throws what the node throws, unless the node is set to continue on fail (then n8n's own
 * rules apply: the node's error items, or — if it throws anyway — its input passed through).
 */
export async function executeNode(opts: ExecuteOptions): Promise<ExecuteResult> {
	return await withBinaryMode(opts.binaryMode ?? 'filesystem', async () => await execute(opts));
}

async function execute(opts: ExecuteOptions): Promise<ExecuteResult> {
	const sequence = nextSequence();
	const workflowId = `harness-workflow-${sequence}`;
	const executionId = String(sequence);
	const mode: WorkflowExecuteMode = opts.mode ?? 'manual';
	const credentials = opts.credentials ?? {};

	const node = createHarnessNode({
		nodeType: opts.nodeType,
		parameters: opts.parameters,
		typeVersion: opts.typeVersion,
		nodeName: opts.nodeName,
		credentials,
		settings: {
			...(opts.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			...opts.nodeSettings,
		},
	});
	const staticData = opts.staticData ?? {};
	const workflow = createHarnessWorkflow({
		id: workflowId,
		node,
		nodeType: opts.nodeType,
		nodeStaticData: staticData,
		globalStaticData: opts.globalStaticData,
		settings: opts.timezone ? { timezone: opts.timezone } : undefined,
	});

	const inputItems: INodeExecutionData[] = [];
	for (const item of opts.items ?? [{ json: {} }]) {
		const data: INodeExecutionData = { json: item.json ? deepCopy(item.json) : {} };
		if (item.binary) data.binary = await storeBinaries(item.binary, { workflowId, executionId });
		inputItems.push(data);
	}

	const workflowData: IWorkflowBase = {
		id: workflowId,
		name: workflow.name ?? 'n8n harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
		settings: workflow.settings,
	};
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
	const additionalData = buildAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(credentials, opts.credentialTypes),
		executionId,
		workflowId,
		hooks,
		variables: opts.variables,
	});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [inputItems] }, source: null }],
		},
	});

	const engine = new ErrorCapturingWorkflowExecute(additionalData, mode, runExecutionData);
	const run = await engine.processRunExecutionData(workflow);

	const { resultData } = run.data;
	if (resultData.error) {
		if (engine.nodeError) throw engine.nodeError.error;
		const error = new Error(`n8n harness: execution failed: ${resultData.error.message}`);
		Object.assign(error, { cause: resultData.error });
		throw error;
	}

	const taskData = resultData.runData[node.name]?.[0];
	const main: Array<INodeExecutionData[] | null> = taskData?.data?.main ?? [];
	const output = main.map((items) => items ?? []);
	return {
		output,
		readBinary: async (itemIndex, property = 'data', outputIndex = 0) =>
			await readOutputBinary(output, itemIndex, property, outputIndex),
		hints: taskData?.hints ?? [],
		staticData,
		workflowId,
		executionId,
		run,
	};
}
