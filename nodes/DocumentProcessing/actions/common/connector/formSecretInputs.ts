import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { executingNode } from '../../../api/context';
import { isVersion3 } from '../../../descriptions/versions';
import { readSecret } from '../../secret/secretInput';
import type { SecretReferenceValue } from './connectorConfig';
import type { ConnectorField } from './connectorTableTypes';
import { fieldParameter, modelOf, optionsParameter } from './connectorTypes';

/**
 * Secret values of the version-3 form that its fields alone do not give (issue 46):
 * - Google Drive's service-account key from a key file of the input item, as versions 1 and 2
 *   allowed: Options › Service Account Key File names the binary field (an option, not a field of
 *   its own, so the form keeps its 6 fields), and Service Account Key (JSON) stays empty;
 * - a Register Secret id mapped into a secret field as a plain string (`{{ $json.id }}`): when the
 *   object it was mapped from has the `type` of a registered secret next to it, the field is that
 *   secret's reference, not a new secret holding the id as its plaintext.
 * The values found here take the place of the fields' own before the config is checked.
 */

const DRIVE = 'google_drive';
const DRIVE_KEY = 'service_account_key';
/** The option naming the key file's binary field; no config key, so it is never sent. */
export const KEY_FILE_OPTION = 'serviceAccountKeyFile';
/** The encryption types a registered secret has (documented-service §7). */
const SECRET_TYPES = ['rsa', 'rsa_aes'];
/** `={{ <object>.id }}`, `={{ <object>["id"] }}`: an expression that maps the id of an object. */
const MAPPED_ID = /^=\s*\{\{\s*([\s\S]+?)\s*(?:\??\.id|\[\s*(['"])id\2\s*\])\s*\}\}\s*$/;

const KEY_FILE: INodeProperties = {
	displayName: 'Service Account Key File',
	name: KEY_FILE_OPTION,
	type: 'string',
	default: '',
	placeholder: 'e.g. data',
	description: 'The input binary field holding the service account’s key file (JSON), read instead of Service Account Key (JSON), which then stays empty; encrypted and registered by the node first',
};

/**
 * Version 3's Google Drive source with the key file option: added to its Options (A–Z), and the
 * key field no longer marked required in the editor (the node still refuses a config with neither).
 */
export function withDriveKeyFile(kind: ConnectorKind, properties: INodeProperties[]): INodeProperties[] {
	const keyField = modelOf(kind, DRIVE)?.fields.find((field) => field.key === DRIVE_KEY);
	if (!keyField) return properties;
	const keyName = fieldParameter(DRIVE, keyField);
	const optionsName = optionsParameter(DRIVE);
	return properties.map((property) => {
		if (property.name === keyName) return { ...property, required: false, description: `${property.description ?? ''} Or leave it empty and name the key file’s binary field in Options › Service Account Key File.` };
		if (property.name !== optionsName || !property.options) return property;
		const options = [...(property.options as INodeProperties[]), KEY_FILE].sort((a, b) => a.displayName.localeCompare(b.displayName));
		return { ...property, options };
	});
}

/** The saved (unresolved) value of a field and its resolved value for this item. */
function fieldValues(ctx: IExecuteFunctions, itemIndex: number, type: string, field: ConnectorField): { raw: unknown; value: unknown } {
	const parameters = executingNode(ctx).parameters;
	if (field.required) {
		const name = fieldParameter(type, field);
		return { raw: parameters[name], value: ctx.getNodeParameter(name, itemIndex, '') };
	}
	const name = optionsParameter(type);
	const raw = (parameters[name] as IDataObject | undefined)?.[field.key];
	return { raw, value: raw === undefined ? undefined : (ctx.getNodeParameter(name, itemIndex, {}) as IDataObject)[field.key] };
}

/** The reference a mapped Register Secret id stands for, or undefined for any other value. */
export function mappedReference(ctx: IExecuteFunctions, itemIndex: number, raw: unknown, id: unknown): SecretReferenceValue | undefined {
	if (typeof raw !== 'string' || typeof id !== 'string' || id.trim() === '') return undefined;
	const mapped = MAPPED_ID.exec(raw);
	if (!mapped) return undefined;
	let type: unknown;
	try {
		type = ctx.evaluateExpression(`{{ ${mapped[1]}.type }}`, itemIndex);
	} catch {
		// The object has no `type` to read: the string is a plain value, as typed.
		return undefined;
	}
	return typeof type === 'string' && SECRET_TYPES.includes(type) ? { id: id.trim(), type } : undefined;
}

/** The key file's text when Options › Service Account Key File names a binary field. */
async function driveKeyFile(ctx: IExecuteFunctions, itemIndex: number, keyField: ConnectorField | undefined): Promise<string | undefined> {
	const options = ctx.getNodeParameter(optionsParameter(DRIVE), itemIndex, {}) as IDataObject;
	const property = typeof options[KEY_FILE_OPTION] === 'string' ? options[KEY_FILE_OPTION].trim() : '';
	if (property === '') return undefined;
	const label = keyField?.label ?? 'Service Account Key (JSON)';
	const typed = keyField ? ctx.getNodeParameter(fieldParameter(DRIVE, keyField), itemIndex, '') : '';
	if (typeof typed !== 'string' || typed.trim() !== '') {
		throw new NodeOperationError(executingNode(ctx), `Both ${label} and Options › Service Account Key File are given`, {
			itemIndex,
			description: `Keep one: empty ${label} to read the key file, or remove the option to use the typed key.`,
		});
	}
	return await readSecret(ctx, itemIndex, { mode: 'binary', label, binaryProperty: property, json: 'object' });
}

/** Config values (by config key) that replace the version-3 form's own for this item. */
export async function formSecretValues(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind): Promise<Record<string, unknown>> {
	if (!isVersion3(executingNode(ctx)) || ctx.getNodeParameter('configInput', itemIndex, 'fields') !== 'fields') return {};
	const type = ctx.getNodeParameter('connectorTypeId', itemIndex, '') as string;
	const model = modelOf(kind, type);
	if (!model || model.model === null) return {};
	const values: Record<string, unknown> = {};
	if (kind === 'source' && type === DRIVE) {
		const keyFile = await driveKeyFile(ctx, itemIndex, model.fields.find((field) => field.key === DRIVE_KEY));
		if (keyFile !== undefined) values[DRIVE_KEY] = keyFile;
		// The option is the form's, not the service's: it is never sent.
		values[KEY_FILE_OPTION] = undefined;
	}
	for (const field of model.fields.filter((candidate) => candidate.secret && !(candidate.key in values))) {
		const { raw, value } = fieldValues(ctx, itemIndex, type, field);
		const reference = mappedReference(ctx, itemIndex, raw, value);
		if (reference) values[field.key] = reference;
	}
	return values;
}
