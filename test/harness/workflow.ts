import { randomUUID } from 'node:crypto';
import type { IDataObject, INode, INodeParameters, IWorkflowSettings } from 'n8n-workflow';
import { deepCopy, Workflow } from 'n8n-workflow';

import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import type { AnyNodeType } from './node-types';
import { defaultNodeName, defaultTypeVersion, fullNodeTypeName, HarnessNodeTypes } from './node-types';

let sequence = 0;

/** A fresh, unique number per harness call (workflow and execution ids derive from it). */
export function nextSequence(): number {
	return ++sequence;
}

/** Node settings (the "Settings" tab) a test may set besides the parameters. */
export type HarnessNodeSettings = Partial<
	Pick<
		INode,
		| 'onError'
		| 'continueOnFail'
		| 'retryOnFail'
		| 'maxTries'
		| 'waitBetweenTries'
		| 'alwaysOutputData'
		| 'executeOnce'
		| 'disabled'
		| 'webhookId'
	>
>;

/** The node as it would be saved in a workflow: parameters as given (defaults are added by Workflow). */
export function createHarnessNode(opts: {
	nodeType: AnyNodeType;
	parameters: INodeParameters;
	typeVersion?: number;
	nodeName?: string;
	credentials?: HarnessCredentials;
	settings?: HarnessNodeSettings;
}): INode {
	const typeVersion = opts.typeVersion ?? defaultTypeVersion(opts.nodeType);
	const node: INode = {
		id: randomUUID(),
		name: opts.nodeName ?? defaultNodeName(opts.nodeType, typeVersion),
		type: fullNodeTypeName(opts.nodeType),
		typeVersion,
		position: [0, 0],
		// A copy: Workflow writes the parameter defaults into node.parameters.
		parameters: deepCopy(opts.parameters),
		...opts.settings,
	};
	if (opts.credentials && Object.keys(opts.credentials).length > 0) {
		node.credentials = HarnessCredentialsHelper.nodeCredentials(opts.credentials);
	}
	return node;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of `given` that `kept` lacks: parameters n8n dropped as not shown for the node's version and choices. */
export function droppedParameters(given: unknown, kept: unknown, path = ''): string[] {
	if (Array.isArray(given)) {
		if (!Array.isArray(kept)) return [];
		return given.flatMap((entry, index) => droppedParameters(entry, kept[index], `${path}[${index}]`));
	}
	if (!isRecord(given) || !isRecord(kept) || '__rl' in given) return [];
	return Object.entries(given).flatMap(([key, value]) => {
		const at = path === '' ? key : `${path}.${key}`;
		return Object.prototype.hasOwnProperty.call(kept, key) ? droppedParameters(value, kept[key], at) : [at];
	});
}

/**
 * A one-node n8n Workflow. A parameter the test gives that n8n drops (one the node does not show
 * for these values, e.g. a field of another operation or a misspelt name) fails the run, since
 * the node would silently run with its default instead. `nodeStaticData` is what `getWorkflowStaticData('node')` returns
 * for that node; n8n-workflow wraps it in an observable proxy but writes go through to
 * the very object passed in, so tests can keep a reference and inspect it.
 */
export function createHarnessWorkflow(opts: {
	id: string;
	node: INode;
	nodeType: AnyNodeType;
	nodeStaticData: IDataObject;
	globalStaticData?: IDataObject;
	active?: boolean;
	settings?: IWorkflowSettings;
}): Workflow {
	const staticData: IDataObject = { [`node:${opts.node.name}`]: opts.nodeStaticData };
	if (opts.globalStaticData) staticData.global = opts.globalStaticData;
	const given = deepCopy(opts.node.parameters);
	const workflow = new Workflow({
		id: opts.id,
		name: 'n8n harness workflow',
		nodes: [opts.node],
		connections: {},
		active: opts.active ?? false,
		nodeTypes: new HarnessNodeTypes([opts.nodeType]),
		staticData,
		settings: { executionOrder: 'v1', ...opts.settings },
	});
	const dropped = droppedParameters(given, opts.node.parameters);
	if (dropped.length > 0) throw new Error(`n8n harness: ${dropped.join(', ')} not shown for this node, so n8n drops it (a field of another operation, or a misspelt name?)`);
	return workflow;
}
