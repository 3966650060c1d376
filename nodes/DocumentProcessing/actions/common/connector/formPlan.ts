import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { asOperationError, InputProblem } from '../../../helpers/inputProblem';
import { checkConfig } from './configChecks';
import { parseConfigJson, parseSecretKeys, planSecretFields, type ConfigPlan } from './connectorConfig';
import { DEFAULT_TYPE } from './connectorForm';
import { fieldParameter, modelOf, optionsParameter, OTHER_TYPE, typeName } from './connectorTypes';

/**
 * Reads the version-3 connector form into a config plan, checked against the type's documented
 * model before any request. Keys the model lacks (JSON mode) come back as warnings, not errors:
 * the service's types are open, so a newer setting may be right.
 */

export interface FormPlan {
	/** The type id to send (Create) or that the form was written for (Update). */
	type: string;
	plan: ConfigPlan;
	warnings: string[];
}

/** Other Type's name; Update keeps the connector's type, so only Create asks for it. */
function otherTypeName(ctx: IExecuteFunctions, itemIndex: number): string {
	if (ctx.getNodeParameter('operation', itemIndex) !== 'create') return OTHER_TYPE;
	const named = ctx.getNodeParameter('otherTypeName', itemIndex, '') as unknown;
	const text = typeof named === 'string' ? named.trim() : '';
	if (text === '') throw new InputProblem('Type Name is empty', 'Enter the connector type as the service names it, e.g. slack.');
	return text;
}

/** A config the table has no fields for: JSON, its secrets at the keys the user named. */
function jsonOnlyPlan(ctx: IExecuteFunctions, itemIndex: number): ConfigPlan {
	const config = parseConfigJson(ctx.getNodeParameter('connectorConfigJson', itemIndex, '{}'));
	return planSecretFields(config, parseSecretKeys(ctx.getNodeParameter('encryptedKeysOfConfig', itemIndex, '')));
}

function readForm(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, given: Record<string, unknown>): FormPlan {
	const type = ctx.getNodeParameter('connectorTypeId', itemIndex, DEFAULT_TYPE) as string;
	if (type === OTHER_TYPE) return { type: otherTypeName(ctx, itemIndex), plan: jsonOnlyPlan(ctx, itemIndex), warnings: [] };
	const model = modelOf(kind, type);
	if (model === undefined) {
		throw new InputProblem(`Connector Type "${type}" is not a documented ${kind} type`, 'Pick a type from the list, or Other Type to name it yourself.');
	}
	if (model.model === null) return { type, plan: jsonOnlyPlan(ctx, itemIndex), warnings: [] };
	const name = typeName(type);
	if ((ctx.getNodeParameter('configInput', itemIndex, 'fields') as string) === 'json') {
		const values = parseConfigJson(ctx.getNodeParameter('connectorConfigJson', itemIndex, '{}'));
		// The table says which keys are secrets: a reference there is kept, anything else is registered.
		const checked = checkConfig(model, values, (field) => `Config (JSON) key "${field.key}" (${field.label})`);
		const warnings = model.extra || checked.unknownKeys.length === 0 ? [] : [`Config (JSON) has keys the ${name} ${kind} model does not document: ${checked.unknownKeys.join(', ')}. They are sent as written.`];
		return { type, plan: { config: checked.config, inline: checked.inline }, warnings };
	}
	const options = model.fields.some((field) => !field.required) ? (ctx.getNodeParameter(optionsParameter(type), itemIndex, {}) as IDataObject) : {};
	const values: Record<string, unknown> = { ...options };
	for (const field of model.fields.filter((candidate) => candidate.required)) values[field.key] = ctx.getNodeParameter(fieldParameter(type, field), itemIndex, undefined);
	Object.assign(values, given);
	const checked = checkConfig(model, values, (field) => (field.required ? field.label : `Options › ${field.label}`));
	return { type, plan: { config: checked.config, inline: checked.inline }, warnings: [] };
}

/** The form's plan, or a NodeOperationError naming the item and the field. */
export function readFormPlan(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, given: Record<string, unknown> = {}): FormPlan {
	try {
		return readForm(ctx, itemIndex, kind, given);
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex);
	}
}
