/**
 * The one way from n8n to a service call: a call context (node, connection, item, cancel signal)
 * for an item of an execution, or for a call outside an item loop. Actions, the job lifecycle
 * (jobs/) and the trigger build their contexts here and never import the transport.
 */
import type { FunctionsBase, IExecuteFunctions, INode } from 'n8n-workflow';
import { getConnection, type CallContext, type RetryPolicy } from '../transport';

export type { CallContext };

export interface CallOptions {
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
}

/** What a call context is built from: an execution's functions, or a sub-node's (the loader's supply-data functions). */
export type CallSource = Pick<IExecuteFunctions, 'getNode' | 'getCredentials' | 'getExecutionCancelSignal'>;

// n8n's getNode() deep-copies the node on every call; one copy serves every item of an execution.
const nodes = new WeakMap<CallSource, INode>();

/** The node being executed, read once per execution. */
export function executingNode(ctx: CallSource): INode {
	let node = nodes.get(ctx);
	if (!node) {
		node = ctx.getNode();
		nodes.set(ctx, node);
	}
	return node;
}

/** The transport's view of one item of an execution. */
export async function callContextFor(
	ctx: CallSource,
	itemIndex: number,
	options: CallOptions = {},
): Promise<CallContext> {
	return {
		node: executingNode(ctx),
		connection: await getConnection(ctx, itemIndex),
		itemIndex,
		signal: ctx.getExecutionCancelSignal(),
		...options,
	};
}

/** The transport's view of a call made outside an item loop (trigger activation and deliveries). */
export async function serviceCallContext(ctx: Pick<FunctionsBase, 'getCredentials' | 'getNode'>): Promise<CallContext> {
	return { node: ctx.getNode(), connection: await getConnection(ctx) };
}
