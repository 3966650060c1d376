import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import type { ConnectorField } from './connectorTableTypes';
import { fieldParameter, jsonOnlyTypes, optionsParameter, OTHER_TYPE, typesOf } from './connectorTypes';
import { AWS_KEY_TYPES, OTHER_TYPE_SECRET_KEYS } from './secretKeys';

/**
 * The form of a source's or destination's config (Create, Update), built at load time from the
 * generated connector table: a Connector Type picker, the chosen type's required fields, its
 * optional ones in an Options collection with their documented defaults, and Config (JSON) as the
 * advanced mode. Only the chosen type's fields are shown, so a form stays short. A type's secrets
 * have no field: they come from the connector credential picked on the node (credentialPlan.ts).
 */

export const DEFAULT_TYPE = 's3';

/** The table's one line, then how to type a list; n8n ends a sentence with a period only among several. */
function fieldDescription(field: ConnectorField): string {
	if (field.type !== 'stringList') return field.description;
	return [field.description, 'Comma-separated, or a list by expression'].map((sentence) => (sentence.endsWith('.') ? sentence : `${sentence}.`)).join(' ');
}

function defaultFor(field: ConnectorField): string | number | boolean | null {
	if (field.default !== undefined && field.default !== null) return field.type === 'stringList' ? String(field.default) : field.default;
	if (field.type === 'boolean') return false;
	// A number without a documented default starts empty: the node refuses it if it stays so.
	return field.type === 'number' ? null : '';
}

/** One table field as an n8n property (also used inside the Options collection). */
export function fieldProperty(field: ConnectorField, name = field.key): INodeProperties {
	const property: INodeProperties = {
		displayName: field.label,
		name,
		type: field.type === 'stringList' ? 'string' : field.type,
		default: defaultFor(field),
		description: fieldDescription(field),
	};
	if (field.placeholder !== undefined) property.placeholder = field.placeholder;
	if (field.required) property.required = true;
	if (field.options) {
		property.type = 'options';
		property.options = field.options.map((value) => ({ name: value, value }));
	}
	return property;
}

function typeOptions(kind: ConnectorKind): INodePropertyOptions[] {
	const options: INodePropertyOptions[] = typesOf(kind)
		.map(({ entry }) => ({ name: entry.name, value: entry.id }))
		.sort((a, b) => a.name.localeCompare(b.name));
	options.push({ name: 'Other Type', value: OTHER_TYPE, description: 'A type not listed here, its config written as JSON' });
	return options;
}

/** Get Many's Filters › Type: the documented types by name. */
export function typeFilterProperty(kind: ConnectorKind): INodeProperties {
	return {
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: typeOptions(kind).filter((option) => option.value !== OTHER_TYPE),
		default: DEFAULT_TYPE,
		description: `Only ${kind} connectors of this type`,
	};
}

/** The Options collection of a type. */
function optionsCollection(kind: ConnectorKind, name: string, typeId: string, fields: ConnectorField[], show: Record<string, unknown>): INodeProperties {
	return {
		displayName: 'Options',
		name: optionsParameter(typeId),
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		description: `Optional settings of the ${name} ${kind}; a setting not added is sent with its documented default, if it has one`,
		displayOptions: { show },
		options: fields.map((field) => fieldProperty(field)).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	} as INodeProperties;
}

/**
 * Each type's fields. A secret has none: it comes from the connector credential (or a reference in
 * the JSON), so the form has no field to type one into.
 */
function typeFields(kind: ConnectorKind): INodeProperties[] {
	const properties: INodeProperties[] = [];
	for (const { entry, model } of typesOf(kind)) {
		if (model.model === null) continue;
		const show = { connectorTypeId: [entry.id], configInput: ['fields'] };
		const plain = model.fields.filter((field) => !field.secret);
		for (const field of plain.filter((candidate) => candidate.required)) {
			properties.push({ ...fieldProperty(field, fieldParameter(entry.id, field)), displayOptions: { show } });
		}
		const optional = plain.filter((candidate) => !candidate.required);
		if (optional.length > 0) properties.push(optionsCollection(kind, entry.name, entry.id, optional, show));
	}
	return properties;
}

/** Config (JSON): the advanced mode of a listed type, the only mode of a type the table has no fields for. */
function jsonProperties(kind: ConnectorKind): INodeProperties[] {
	const jsonOnly = [...jsonOnlyTypes(kind), OTHER_TYPE];
	const config = (show: Record<string, string[]>, hide?: Record<string, string[]>): INodeProperties => ({
		displayName: 'Config (JSON)',
		name: 'connectorConfigJson',
		type: 'json',
		required: true,
		default: '{\n}',
		description:
			'The connector’s whole config as a JSON object, keys as the service names them. A secret goes in the connector credential (the node adds it), or here as the output of Register Secret mapped by expression; the node encrypts and registers any other secret value first.',
		displayOptions: hide ? { show, hide } : { show },
	});
	return [
		config({ configInput: ['json'] }, { connectorTypeId: jsonOnly }),
		config({ connectorTypeId: jsonOnly }),
		{
			displayName: 'Secret Config Keys',
			name: 'encryptedKeysOfConfig',
			type: 'string',
			default: '',
			placeholder: 'e.g. api_key, auth.token',
			description: `Comma-separated config keys (dot paths for nested keys) whose values are secrets, besides those always treated so (Slack: "token"; MotherDuck: "md_token"; Other Type: ${OTHER_TYPE_SECRET_KEYS.map((key) => `"${key}"`).join(', ')}); each is encrypted and registered before sending`,
			displayOptions: { show: { connectorTypeId: jsonOnly } },
		},
	];
}

const TYPE_HELP: Record<ConnectorKind, string> = {
	source: 'Where the connector reads files from; the fields below are that type’s documented settings. For Update, pick the connector’s current type (it cannot change).',
	destination: 'Where the connector writes the processed results; the fields below are that type’s documented settings. For Update, pick the connector’s current type (it cannot change).',
};

/**
 * The config form of one resource, the same for Create and Update (one copy keeps the node's
 * description small): only Type Name of Other Type is Create's alone, as Update keeps the type.
 */
export function connectorFormProperties(kind: ConnectorKind): INodeProperties[] {
	const jsonOnly = [...jsonOnlyTypes(kind), OTHER_TYPE];
	return [
		{
			displayName: 'Connector Type',
			name: 'connectorTypeId',
			type: 'options',
			noDataExpression: true,
			options: typeOptions(kind),
			default: DEFAULT_TYPE,
			description: TYPE_HELP[kind],
		},
		{
			displayName: 'Type Name',
			name: 'otherTypeName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. slack',
			description: 'The connector type as the service names it',
			displayOptions: { show: { operation: ['create'], connectorTypeId: [OTHER_TYPE] } },
		},
		{
			displayName: 'Define Config',
			name: 'configInput',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Using Fields Below', value: 'fields', description: 'Fill in the type’s documented settings one by one' },
				{ name: 'Using JSON', value: 'json', description: 'Write the whole config as JSON, e.g. for a setting the fields lack' },
			],
			default: 'fields',
			displayOptions: { hide: { connectorTypeId: jsonOnly } },
		},
		{
			displayName: 'A private bucket needs keys: pick an AWS Access Keys credential above (the node encrypts them before sending). For a public bucket, turn on Options › Anonymous instead.',
			name: 'awsKeysNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { connectorTypeId: AWS_KEY_TYPES } },
		},
		...typeFields(kind),
		...jsonProperties(kind),
	];
}
