import type { IDataObject } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { MASK } from '../../../secrets/maskSecrets';
import { modelOf, typeName } from './connectorTypes';
import { knownSecretPaths } from './secretKeys';

/**
 * A connector record as the node outputs it: the type's display name, and its config a second
 * time under `fields`, keyed by the labels of the form. Secret fields read masked in both, even
 * where the service sent a value back (a reference is masked too: it is not needed to read).
 */
export function connectorView(kind: ConnectorKind, connector: IDataObject): IDataObject {
	const type = typeof connector.type === 'string' ? connector.type : '';
	const model = modelOf(kind, type);
	const raw = (typeof connector.config === 'object' && connector.config !== null ? connector.config : {}) as IDataObject;
	const config: IDataObject = {};
	const fields: IDataObject = {};
	// A type without a model (Slack, MotherDuck, a type the table lacks): its known secret keys.
	const secretKeys = new Set(model?.model ? [] : knownSecretPaths(kind, type).map((path) => path[0]));
	for (const [key, value] of Object.entries(raw)) {
		const field = model?.fields.find((candidate) => candidate.key === key);
		const secret = field?.secret === true || secretKeys.has(key);
		const shown = secret && value !== null && value !== undefined && value !== '' ? MASK : value;
		config[key] = shown;
		fields[field?.label ?? key] = shown;
	}
	return { ...connector, type_name: typeName(type), config, fields };
}
