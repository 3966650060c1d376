import type { INode, INodeProperties, INodeParameters, NodeParameterValueType } from 'n8n-workflow';
import { ExecutionBaseError, NodeOperationError } from 'n8n-workflow';

/** What a masked parameter shows instead of its value. */
export const MASK = '**********';

type PropertyOption = NonNullable<INodeProperties['options']>[number];

/** Names of the parameters a user types a secret into: every field of password type, at any depth. */
export function secretParameterNames(properties: INodeProperties[]): Set<string> {
	const names = new Set<string>();
	const visit = (list: readonly PropertyOption[]) => {
		for (const entry of list) {
			if ('values' in entry) visit(entry.values);
			if (!('type' in entry)) continue;
			if (entry.typeOptions?.password === true) names.add(entry.name);
			if (entry.options) visit(entry.options);
		}
	};
	visit(properties);
	return names;
}

function masked(value: NodeParameterValueType, names: Set<string>): NodeParameterValueType {
	if (Array.isArray(value)) return value.map((entry) => masked(entry as NodeParameterValueType, names)) as NodeParameterValueType;
	if (typeof value !== 'object' || value === null) return value;
	const copy: INodeParameters = {};
	for (const [key, entry] of Object.entries(value as INodeParameters)) {
		copy[key] = names.has(key) && entry !== '' && entry !== undefined ? MASK : masked(entry, names);
	}
	return copy;
}

/** A copy of the node whose secret parameters show MASK; the workflow's own node is untouched. */
export function maskedNode(node: INode, names: Set<string>): INode {
	return { ...node, parameters: masked(node.parameters, names) as INodeParameters };
}

/**
 * The error as n8n stores it in the execution: n8n saves the error's `node`, parameters included,
 * so a secret typed into the node would be saved with it. Errors leave with a masked copy instead;
 * anything that is not an n8n error yet becomes a NodeOperationError with that copy.
 */
export function withMaskedNode(error: unknown, node: INode, mask: (node: INode) => INode): Error {
	if (error instanceof ExecutionBaseError) {
		const holder = error as ExecutionBaseError & { node?: INode };
		if (holder.node) holder.node = mask(holder.node);
		return error;
	}
	return new NodeOperationError(mask(node), error instanceof Error ? error : String(error));
}
