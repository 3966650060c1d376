import type { INode } from 'n8n-workflow';
import { MASK } from '../../../secrets/maskSecrets';
import { defaultSecretKeys, looksLikeReference, parseConfigJson, parseSecretKeys, setAtPath } from './connectorConfig';

function ownValueAt(config: Record<string, unknown>, path: string[]): unknown {
	let value: unknown = config;
	for (const part of path) {
		if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
		value = (value as Record<string, unknown>)[part];
	}
	return value;
}

/**
 * A connector's Config (JSON) (Create and Update, sources and destinations) can hold a plaintext
 * secret at its Secret Config Keys: the copy of the node an error carries shows those values
 * masked (references stay, they are not secret). A config typed as text that cannot be read is
 * masked whole; an expression is left as written (its values exist only at run time).
 */
export function maskConfigSecrets(node: INode): INode {
	const raw = node.parameters.configJson;
	if (typeof raw !== 'string' || raw.startsWith('=')) return node;
	let text: string;
	try {
		const config = parseConfigJson(raw);
		for (const path of parseSecretKeys(node.parameters.encryptedConfigKeys ?? defaultSecretKeys(node.parameters.resource))) {
			const value = ownValueAt(config, path);
			if (value !== undefined && !looksLikeReference(value)) setAtPath(config, path, MASK);
		}
		text = JSON.stringify(config, null, 2);
	} catch {
		text = MASK;
	}
	return { ...node, parameters: { ...node.parameters, configJson: text } };
}
