import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { requireOpaqueId } from '../../../checks/opaqueId';

/**
 * A connector id field's value, checked locally. `extractValue` reads a resource locator's id and
 * leaves a plain string as it is, so the field may become a locator without changing this.
 */
export function connectorIdFrom(ctx: IExecuteFunctions, itemIndex: number, field: INodeProperties): string {
	return requireOpaqueId(executingNode(ctx), field.displayName, ctx.getNodeParameter(field.name, itemIndex, '', { extractValue: true }), itemIndex);
}
