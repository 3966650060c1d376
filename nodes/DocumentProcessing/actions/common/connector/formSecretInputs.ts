import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { readSecret } from '../../secret/secretInput';
import { modelOf, optionsParameter } from './connectorTypes';

/**
 * Google Drive's service-account key from a key file of the input item (issue 46), instead of the
 * connector credential: Options › Service Account Key File names the binary field (an option, not
 * a field of its own, so the form stays short). The key read here takes the credential's place
 * before the config is checked; both at once are refused (credentialPlan.ts).
 */

const DRIVE = 'google_drive';
const DRIVE_KEY = 'service_account_key';
/** The option naming the key file's binary field; no config key, so it is never sent. */
export const KEY_FILE_OPTION = 'serviceAccountKeyFile';

const KEY_FILE: INodeProperties = {
	displayName: 'Service Account Key File',
	name: KEY_FILE_OPTION,
	type: 'string',
	default: '',
	placeholder: 'e.g. data',
	description: 'The input binary field holding the service account’s key file (JSON), read instead of the connector credential, which then holds no key; encrypted and registered by the node first',
};

/** The Google Drive source's Options with the key file option added (A–Z). */
export function withDriveKeyFile(kind: ConnectorKind, properties: INodeProperties[]): INodeProperties[] {
	if (!modelOf(kind, DRIVE)) return properties;
	const optionsName = optionsParameter(DRIVE);
	return properties.map((property) => {
		if (property.name !== optionsName || !property.options) return property;
		const options = [...(property.options as INodeProperties[]), KEY_FILE].sort((a, b) => a.displayName.localeCompare(b.displayName));
		return { ...property, options };
	});
}

/** The key file's text when Options › Service Account Key File names a binary field. */
async function driveKeyFile(ctx: IExecuteFunctions, itemIndex: number, label: string): Promise<string | undefined> {
	const options = ctx.getNodeParameter(optionsParameter(DRIVE), itemIndex, {}) as IDataObject;
	const property = typeof options[KEY_FILE_OPTION] === 'string' ? options[KEY_FILE_OPTION].trim() : '';
	if (property === '') return undefined;
	return await readSecret(ctx, itemIndex, { mode: 'binary', label, binaryProperty: property, json: 'object' });
}

/** Config values (by config key) that the form's fields do not give, for this item. */
export async function formSecretValues(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind): Promise<Record<string, unknown>> {
	if (kind !== 'source' || ctx.getNodeParameter('configInput', itemIndex, 'fields') !== 'fields') return {};
	if (ctx.getNodeParameter('connectorTypeId', itemIndex, '') !== DRIVE) return {};
	const label = modelOf(kind, DRIVE)?.fields.find((field) => field.key === DRIVE_KEY)?.label ?? 'Service Account Key (JSON)';
	const keyFile = await driveKeyFile(ctx, itemIndex, label);
	// The option is the form's, not the service's: it is never sent.
	return keyFile === undefined ? { [KEY_FILE_OPTION]: undefined } : { [DRIVE_KEY]: keyFile, [KEY_FILE_OPTION]: undefined };
}
