import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { inputBinaryField } from '../../../descriptions/binaryInput';
import { isVersion3 } from '../../../descriptions/versions';
import { readSecret } from '../../secret/secretInput';
import type { SecretReferenceValue } from './connectorConfig';
import type { ConnectorField } from './connectorTableTypes';
import { fieldParameter, modelOf, optionsParameter } from './connectorTypes';

/**
 * Secret values of the version-3 form that its fields alone do not give (issue 46):
 * - Google Drive's service-account key from a key file of the input item, as versions 1 and 2
 *   allowed (Service Account Key Input › Binary File);
 * - a Register Secret id mapped into a secret field as a plain string (`{{ $json.id }}`): when the
 *   object it was mapped from has the `type` of a registered secret next to it, the field is that
 *   secret's reference, not a new secret holding the id as its plaintext.
 * The values found here take the place of the fields' own before the config is checked.
 */

const DRIVE = 'google_drive';
const DRIVE_KEY = 'service_account_key';
const KEY_INPUT = 'driveKeyInput';
/** The encryption types a registered secret has (documented-service §7). */
const SECRET_TYPES = ['rsa', 'rsa_aes'];
/** `={{ <object>.id }}`, `={{ <object>["id"] }}`: an expression that maps the id of an object. */
const MAPPED_ID = /^=\s*\{\{\s*([\s\S]+?)\s*(?:\??\.id|\[\s*(['"])id\2\s*\])\s*\}\}\s*$/;

/** Version 3's Google Drive source: the key typed or mapped (as before), or read from a binary field. */
export function driveKeyFileProperties(kind: ConnectorKind): INodeProperties[] {
	if (kind !== 'source') return [];
	const show = { connectorTypeId: [DRIVE], configInput: ['fields'] };
	return [
		{
			displayName: 'Service Account Key Input',
			name: KEY_INPUT,
			type: 'options',
			options: [
				{ name: 'Binary File', value: 'binary', description: 'The key file (JSON) of the input item; encrypted and registered by the node first' },
				{ name: 'Text', value: 'text', description: 'The key’s JSON typed here, or a Register Secret output mapped by expression' },
			],
			default: 'text',
			displayOptions: { show },
		},
		inputBinaryField('The name of the input binary field containing the service-account key file', {
			displayOptions: { show: { ...show, [KEY_INPUT]: ['binary'] } },
		}),
	];
}

/** The form with the Drive key's input choice before the key, which it hides when a file is read. */
export function withDriveKeyFile(kind: ConnectorKind, properties: INodeProperties[]): INodeProperties[] {
	const keyName = `cfg_${DRIVE}_${DRIVE_KEY}`;
	const at = properties.findIndex((property) => property.name === keyName);
	if (at < 0 || kind !== 'source') return properties;
	const key = properties[at];
	const hidden: INodeProperties = { ...key, displayOptions: { ...key.displayOptions, hide: { ...key.displayOptions?.hide, [KEY_INPUT]: ['binary'] } } };
	return [...properties.slice(0, at), ...driveKeyFileProperties(kind), hidden, ...properties.slice(at + 1)];
}

/** The saved (unresolved) value of a field and its resolved value for this item. */
function fieldValues(ctx: IExecuteFunctions, itemIndex: number, type: string, field: ConnectorField): { raw: unknown; value: unknown } {
	const parameters = ctx.getNode().parameters;
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

/** Config values (by config key) that replace the version-3 form's own for this item. */
export async function formSecretValues(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind): Promise<Record<string, unknown>> {
	if (!isVersion3(ctx.getNode()) || ctx.getNodeParameter('configInput', itemIndex, 'fields') !== 'fields') return {};
	const type = ctx.getNodeParameter('connectorTypeId', itemIndex, '') as string;
	const model = modelOf(kind, type);
	if (!model || model.model === null) return {};
	const values: Record<string, unknown> = {};
	if (kind === 'source' && type === DRIVE && ctx.getNodeParameter(KEY_INPUT, itemIndex, 'text') === 'binary') {
		const label = model.fields.find((field) => field.key === DRIVE_KEY)?.label ?? 'Service Account Key';
		values[DRIVE_KEY] = await readSecret(ctx, itemIndex, {
			mode: 'binary',
			label,
			binaryProperty: ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
			json: 'object',
		});
	}
	for (const field of model.fields.filter((candidate) => candidate.secret && !(candidate.key in values))) {
		const { raw, value } = fieldValues(ctx, itemIndex, type, field);
		const reference = mappedReference(ctx, itemIndex, raw, value);
		if (reference) values[field.key] = reference;
	}
	return values;
}
