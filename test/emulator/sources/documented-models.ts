import { CONNECTOR_TABLE } from '../../../nodes/DocumentProcessing/actions/common/connector/connectorTable';
import type { ConnectorField, ConnectorModel } from '../../../nodes/DocumentProcessing/actions/common/connector/connectorTableTypes';
import { isPlainObject } from '../http/body';
import type { ValidationIssue } from '../http/reply';

/**
 * The config models the emulator checks, as the service's published client documents them (the
 * connector table the node's form is built from). Answers follow pydantic, as the service's own
 * 422 does: one `{type, loc, msg}` per problem, `loc` ending in the config key; keys the model
 * lacks are kept (the service's types are open); documented defaults fill what was left out, as
 * a pydantic model does (the emulator kept Google Drive's `recursive: true` so before). A URL
 * field whose value lacks the scheme the service's docs give for it (the table's `schemes`) is
 * refused as the service refuses it: a `value_error` at its config key.
 */

export type ConnectorKind = 'source' | 'destination';

/** The types checked against their model; others are kept as sent (google_drive keeps its own rules). */
export const VALIDATED: Record<ConnectorKind, string[]> = {
	source: ['s3', 'azure', 'google_drive', 'sharepoint'],
	destination: ['pinecone', 'weaviate-cloud', 'postgres', 'elasticsearch', 's3'],
};

export function documentedModel(kind: ConnectorKind, type: string): ConnectorModel | undefined {
	if (!VALIDATED[kind].includes(type)) return undefined;
	const model = CONNECTOR_TABLE.types.find((entry) => entry.id === type)?.[kind];
	return model?.model ? model : undefined;
}

const isReference = (value: unknown): boolean => isPlainObject(value) && typeof value.id === 'string' && Object.keys(value).every((key) => key === 'id' || key === 'type');

function typeIssue(field: ConnectorField, value: unknown): Pick<ValidationIssue, 'type' | 'msg'> | undefined {
	if (value === null) return field.nullable ? undefined : { type: `${field.type === 'number' ? 'int' : field.type === 'boolean' ? 'bool' : 'string'}_type`, msg: 'Input should not be None' };
	switch (field.type) {
		case 'string':
			return typeof value === 'string' || (field.secret && isReference(value)) ? undefined : { type: 'string_type', msg: 'Input should be a valid string' };
		case 'number':
			return Number.isInteger(value) ? undefined : { type: 'int_type', msg: 'Input should be a valid integer' };
		case 'boolean':
			return typeof value === 'boolean' ? undefined : { type: 'bool_type', msg: 'Input should be a valid boolean' };
		case 'stringList':
			return Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? undefined : { type: 'list_type', msg: 'Input should be a valid list of strings' };
	}
}

function schemeIssue(field: ConnectorField, value: unknown): Pick<ValidationIssue, 'type' | 'msg'> | undefined {
	const schemes = field.schemes;
	if (schemes === undefined) return undefined;
	const entries = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim().toLowerCase());
	const bad = schemes.length === 0 ? entries.some((entry) => entry.includes('://')) : entries.some((entry) => !schemes.some((scheme) => entry.startsWith(scheme)));
	if (!bad) return undefined;
	return { type: 'value_error', msg: schemes.length === 0 ? 'Value error, give a host name without a scheme' : `Value error, must start with ${schemes.join(' or ')}` };
}

/** The issues of a config against its model; fills documented defaults into `config`. */
export function modelIssues(model: ConnectorModel, config: Record<string, unknown>): ValidationIssue[] {
	const issues: ValidationIssue[] = [];
	for (const field of model.fields) {
		const loc = ['body', 'config', field.key];
		if (!Object.prototype.hasOwnProperty.call(config, field.key)) {
			if (field.required) issues.push({ type: 'missing', loc, msg: 'Field required' });
			else if (field.default !== undefined) config[field.key] = field.default;
			continue;
		}
		const issue = typeIssue(field, config[field.key]) ?? schemeIssue(field, config[field.key]);
		if (issue) issues.push({ ...issue, loc });
		else if (field.options && !field.options.includes(config[field.key] as string)) {
			issues.push({ type: 'enum', loc, msg: `Input should be ${field.options.map((option) => `'${option}'`).join(', ')}` });
		}
	}
	return issues;
}

export function documentedSecretKeys(model: ConnectorModel): string[] {
	return model.fields.filter((field) => field.secret).map((field) => field.key);
}
