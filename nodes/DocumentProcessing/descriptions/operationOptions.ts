import type { INodeProperties } from 'n8n-workflow';

/** An operation's one Options collection: its tuning fields, A–Z as n8n lists them. */
export function operationOptions(entries: INodeProperties[]): INodeProperties {
	const options = [...entries].sort((a, b) => a.displayName.localeCompare(b.displayName));
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options };
}
