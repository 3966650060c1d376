import type { INode } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { MASK } from '../../../secrets/maskSecrets';
import { looksLikeReference, ownValueAt, parseConfigJson, parseSecretKeys, setAtPath } from './connectorConfig';
import { DEFAULT_TYPE } from './connectorForm';
import { modelOf, secretPaths } from './connectorTypes';
import { knownSecretPaths, unitePaths } from './secretKeys';

/**
 * One JSON config parameter with the plaintext at its secret paths masked (references stay, they
 * are not secret). Text that cannot be read is masked whole; an expression is left as written
 * (its values exist only at run time).
 */
function maskJsonParameter(node: INode, parameter: string, paths: string[][]): INode {
	const raw = node.parameters[parameter];
	if (typeof raw !== 'string' || raw.startsWith('=')) return node;
	let text: string;
	try {
		const config = parseConfigJson(raw);
		for (const path of paths) {
			const value = ownValueAt(config, path);
			if (value !== undefined && !looksLikeReference(value)) setAtPath(config, path, MASK);
		}
		text = JSON.stringify(config, null, 2);
	} catch {
		text = MASK;
	}
	return { ...node, parameters: { ...node.parameters, [parameter]: text } };
}

/** Config (JSON)'s secrets: the chosen type's documented ones, or for a type without fields its known secret keys and the keys named. */
function formSecretPaths(node: INode): string[][] {
	const kind: ConnectorKind = node.parameters.resource === 'destination' ? 'destination' : 'source';
	const typeId = typeof node.parameters.connectorTypeId === 'string' ? node.parameters.connectorTypeId : DEFAULT_TYPE;
	const model = modelOf(kind, typeId);
	if (model?.model) return secretPaths(model);
	return unitePaths(knownSecretPaths(kind, typeId), parseSecretKeys(node.parameters.encryptedKeysOfConfig ?? ''));
}

/**
 * A connector's Config (JSON) (Create and Update, sources and destinations) can hold a typed
 * plaintext secret, which the node refuses: the copy of the node that error carries shows those
 * values masked, at the type's documented secret fields or the keys named.
 */
export function maskConfigSecrets(node: INode): INode {
	return maskJsonParameter(node, 'connectorConfigJson', formSecretPaths(node));
}
