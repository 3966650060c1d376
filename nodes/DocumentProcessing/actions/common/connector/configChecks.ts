import { InputProblem } from '../../../helpers/inputProblem';
import { looksLikeReference, requireReference, secretText, type ConfigPlan, type InlineSecret } from './connectorConfig';
import type { ConnectorField, ConnectorModel } from './connectorTableTypes';
import { checkUrlScheme } from './urlSchemes';

/**
 * A config checked against its type's documented model before any request: a missing required
 * field, a value of the wrong type, an undocumented enum value or a URL without its documented
 * scheme (urlSchemes.ts) is refused naming the field;
 * documented defaults fill what was not given (Update replaces the whole config); secrets become
 * inline secrets to register, or checked references. Keys the model lacks are kept and reported.
 */

export interface CheckedConfig extends ConfigPlan {
	unknownKeys: string[];
}

/** How a field is named in messages: its label in the form, or its key in the JSON. */
export type FieldName = (field: ConnectorField) => string;

const TYPE_WORDS: Record<ConnectorField['type'], string> = {
	string: 'text',
	number: 'a number',
	boolean: 'true or false',
	stringList: 'a list of texts',
};

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function wrongType(field: ConnectorField, name: string): InputProblem {
	return new InputProblem(`${name} must be ${TYPE_WORDS[field.type]}`, `Give ${name} as ${TYPE_WORDS[field.type]}, as the service documents it.`);
}

function listValue(field: ConnectorField, name: string, value: unknown): string[] {
	const list = typeof value === 'string' ? value.split(',') : value;
	if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) throw wrongType(field, name);
	return list.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function plainValue(field: ConnectorField, name: string, value: unknown): unknown {
	if (field.type === 'stringList') {
		const list = listValue(field, name, value);
		checkUrlScheme(field, name, list);
		return list;
	}
	if (field.type === 'number' ? typeof value !== 'number' || !Number.isFinite(value) : typeof value !== (field.type === 'boolean' ? 'boolean' : 'string')) {
		throw wrongType(field, name);
	}
	if (field.options && !field.options.includes(value as string)) {
		throw new InputProblem(`${name} has an unknown value`, `Pick one of: ${field.options.join(', ')}.`);
	}
	checkUrlScheme(field, name, value);
	return value;
}

/** The config built from `values` (keyed by config key), checked field by field in the model's order. */
export function checkConfig(model: ConnectorModel, values: Record<string, unknown>, nameOf: FieldName): CheckedConfig {
	const config: Record<string, unknown> = {};
	const inline: InlineSecret[] = [];
	for (const field of model.fields) {
		const name = nameOf(field);
		const value = Object.prototype.hasOwnProperty.call(values, field.key) ? values[field.key] : undefined;
		if (isEmpty(value)) {
			if (field.required) throw new InputProblem(`${name} is required`, `Enter ${name}: the service needs it for this connector type.`);
			if (value === null && field.nullable) config[field.key] = null;
			else if (field.default !== undefined) config[field.key] = field.default;
			continue;
		}
		if (!field.secret) config[field.key] = plainValue(field, name, value);
		else if (looksLikeReference(value)) config[field.key] = requireReference(value, name);
		else {
			config[field.key] = null;
			// A connection string that carries a password (MongoDB, Redis) is a secret with a scheme.
			checkUrlScheme(field, name, value);
			inline.push({ path: [field.key], plaintext: secretText(value, name) });
		}
	}
	const known = new Set(model.fields.map((field) => field.key));
	// A key without a value (undefined) was given nothing: it is not sent.
	const unknownKeys = Object.keys(values).filter((key) => !known.has(key) && values[key] !== undefined);
	for (const key of unknownKeys) config[key] = values[key];
	return { config, inline, unknownKeys };
}
