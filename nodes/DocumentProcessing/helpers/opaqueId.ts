import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Ids the spec only calls "string" (channels, notification events): refuses, before any
 * request, what could never be one, e.g. an empty field or a pasted sentence or URL.
 */
export function requireOpaqueId(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') {
		throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	}
	if (/[\s/?#]/.test(value) || value.length > 200) {
		throw new NodeOperationError(node, `${field} "${value.slice(0, 60)}" is not a valid ID`, {
			itemIndex,
			description: `An ID has no spaces or slashes; copy the "id" field of the record.`,
		});
	}
	return value;
}
