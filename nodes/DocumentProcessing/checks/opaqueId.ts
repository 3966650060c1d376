import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const MAX_ID_LENGTH = 200;

/**
 * Why `value` can never be an id that goes into a request path, or undefined when it can be one.
 * `.` and `..` are path segments (a URL parser resolves `sources/..` to the collection above), and
 * `/`, `?` and `#` end or leave the segment; whitespace is in no id the service issues.
 */
export function unusableIdReason(value: string): string | undefined {
	if (value.trim() === '') return 'it is empty';
	if (value === '.' || value === '..') return `"${value}" is a path segment, not an ID`;
	if (/[\s/?#]/.test(value)) return 'it holds a space, /, ? or #';
	if (value.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
	return undefined;
}

/**
 * Ids the spec only calls "string" (channels, connectors, notification events): refuses, before
 * any request, what could never be one, e.g. an empty field, `..`, a pasted sentence or URL.
 */
export function requireOpaqueId(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') {
		throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	}
	if (unusableIdReason(value) !== undefined) {
		throw new NodeOperationError(node, `${field} "${value.slice(0, 60)}" is not a valid ID`, {
			itemIndex,
			description: `An ID is not "." or ".." and has no spaces, slashes, ? or #; copy the "id" field of the record.`,
		});
	}
	return value;
}
