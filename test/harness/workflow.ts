import { randomUUID } from 'node:crypto';
import type { IDataObject, INode, INodeParameters, IWorkflowSettings } from 'n8n-workflow';
import { deepCopy, Workflow } from 'n8n-workflow';

import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import type { AnyNodeType } from './node-types';
import { defaultNodeName, fullNodeTypeName, harnessTypeVersion, HarnessNodeTypes } from './node-types';

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
	const typeVersion = opts.typeVersion ?? harnessTypeVersion(opts.nodeType);
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

/**
 * A one-node n8n Workflow. `nodeStaticData` is what `getWorkflowStaticData('node')` returns
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
	return new Workflow({
		id: opts.id,
		name: 'n8n harness workflow',
		nodes: [opts.node],
		connections: {},
		active: opts.active ?? false,
		nodeTypes: new HarnessNodeTypes([opts.nodeType]),
		staticData,
		settings: { executionOrder: 'v1', ...opts.settings },
	});
}
