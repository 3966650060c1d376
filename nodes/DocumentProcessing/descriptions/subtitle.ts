import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** A resource of the action node: its Resource option and its fields (the Operation list first). */
export interface ResourceEntry {
	name: string;
	value: string;
	operations: INodeProperties[];
}

/** `{ "a": "b", … }` with spaces inside the braces: n8n reads `}}` as the end of an expression. */
const objectLiteral = (entries: Array<[string, string]>): string => `{ ${entries.map(([key, value]) => `${JSON.stringify(key)}: ${value}`).join(', ')} }`;

/**
 * The canvas subtitle in the panel's words, e.g. "Process Files · Job": a table from resource and
 * operation values to the names of their options, looked up by the subtitle expression (every
 * version: the subtitle is not saved with the workflow).
 */
export function canvasSubtitle(resources: ResourceEntry[]): string {
	const table = resources.map(({ name, value, operations }): [string, string] => {
		const list = operations.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value));
		const names = ((list?.options ?? []) as INodePropertyOptions[]).map((option): [string, string] => [String(option.value), JSON.stringify(`${option.name} · ${name}`)]);
		return [value, objectLiteral(names)];
	});
	return `={{ (${objectLiteral(table)}[$parameter["resource"]] || {})[$parameter["operation"]] || $parameter["operation"] }}`;
}
