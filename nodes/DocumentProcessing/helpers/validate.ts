import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
	return UUID.test(value);
}

/** Ids are checked before any request so a typo costs no round trip and names the field. */
export function requireUuid(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') {
		throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	}
	if (!isUuid(value)) {
		throw new NodeOperationError(node, `${field} "${value}" is not a valid ID`, {
			itemIndex,
			description: `${field} is a UUID such as 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10.`,
		});
	}
	return value;
}

/** A required text field (a name), trimmed; empty is refused before any request. */
export function requireText(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	return value;
}
