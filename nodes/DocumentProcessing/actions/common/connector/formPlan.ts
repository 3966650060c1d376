import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { asOperationError, InputProblem } from '../../../helpers/inputProblem';
import { checkConfig } from './configChecks';
import { parseConfigJson, parseSecretKeys, planSecretFields, type ConfigPlan } from './connectorConfig';
import { DEFAULT_TYPE } from './connectorForm';
import { fieldParameter, modelOf, optionsParameter, OTHER_TYPE, typeName } from './connectorTypes';
import { credentialSecretsFor, mergeCredentialSecrets, refuseTypedSecrets } from './credentialPlan';
import { knownSecretPaths, unitePaths } from './secretKeys';

/**
 * Reads the connector form into a config plan, checked against the type's documented model before
 * any request. Keys the model lacks (JSON mode) come back as warnings, not errors: the service's
 * types are open, so a newer setting may be right. The secrets come from the connector credential
 * (credentialPlan.ts).
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

/**
 * A config the table has no fields for: JSON, its secrets at the keys the user named and at the
 * keys always secret for the type (Slack's token, MotherDuck's md_token, Other Type's list).
 */
async function jsonOnlyPlan(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, typeId: string): Promise<ConfigPlan> {
	const config = parseConfigJson(ctx.getNodeParameter('connectorConfigJson', itemIndex, '{}'));
	const paths = unitePaths(knownSecretPaths(kind, typeId), parseSecretKeys(ctx.getNodeParameter('encryptedKeysOfConfig', itemIndex, '')));
	refuseTypedSecrets(ctx, config, paths);
	const secrets = await credentialSecretsFor(ctx, itemIndex, typeId);
	if (secrets !== undefined) {
		mergeCredentialSecrets(config, secrets);
		return planSecretFields(config, unitePaths(paths, Object.keys(secrets).map((key) => [key])));
	}
	return planSecretFields(config, paths);
}

async function readForm(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, given: Record<string, unknown>): Promise<FormPlan> {
	const type = ctx.getNodeParameter('connectorTypeId', itemIndex, DEFAULT_TYPE) as string;
	if (type === OTHER_TYPE) return { type: otherTypeName(ctx, itemIndex), plan: await jsonOnlyPlan(ctx, itemIndex, kind, OTHER_TYPE), warnings: [] };
	const model = modelOf(kind, type);
	if (model === undefined) {
		throw new InputProblem(`Connector Type "${type}" is not a documented ${kind} type`, 'Pick a type from the list, or Other Type to name it yourself.');
	}
	if (model.model === null) return { type, plan: await jsonOnlyPlan(ctx, itemIndex, kind, type), warnings: [] };
	const name = typeName(type);
	const json = (ctx.getNodeParameter('configInput', itemIndex, 'fields') as string) === 'json';
	let values: Record<string, unknown>;
	if (json) {
		values = parseConfigJson(ctx.getNodeParameter('connectorConfigJson', itemIndex, '{}'));
	} else {
		const options = model.fields.some((field) => !field.required) ? (ctx.getNodeParameter(optionsParameter(type), itemIndex, {}) as IDataObject) : {};
		values = { ...options };
		const typed = model.fields.filter((field) => field.required && !field.secret);
		for (const field of typed) values[field.key] = ctx.getNodeParameter(fieldParameter(type, field), itemIndex, undefined);
		Object.assign(values, given);
	}
	if (json) refuseTypedSecrets(ctx, values, knownSecretPaths(kind, type));
	const secrets = await credentialSecretsFor(ctx, itemIndex, type, { kind, model, values });
	const extra = secrets === undefined ? [] : mergeCredentialSecrets(values, secrets, model);
	// The table says which keys are secrets: a reference there is kept, anything else is registered.
	const nameOf = json ? (field: { key: string; label: string }) => `Config (JSON) key "${field.key}" (${field.label})` : (field: { label: string; required: boolean }) => (field.required ? field.label : `Options › ${field.label}`);
	const checked = checkConfig(model, { ...values, ...Object.fromEntries(extra.map((key) => [key, null])) }, nameOf);
	const inline = [...checked.inline, ...extra.map((key) => ({ path: [key], plaintext: (secrets ?? {})[key] }))];
	for (const key of extra) checked.config[key] = null;
	const unknown = checked.unknownKeys.filter((key) => !extra.includes(key));
	const warnings: string[] = [];
	if (!model.extra && unknown.length > 0) warnings.push(`Config (JSON) has keys the ${name} ${kind} model does not document: ${unknown.join(', ')}. They are sent as written.`);
	if (!model.extra && extra.length > 0) warnings.push(`The connector credential has keys the ${name} ${kind} model does not document: ${extra.join(', ')}. They are sent encrypted.`);
	return { type, plan: { config: checked.config, inline }, warnings };
}

/** The form's plan, or a NodeOperationError naming the item and the field. */
export async function readFormPlan(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, given: Record<string, unknown> = {}): Promise<FormPlan> {
	try {
		return await readForm(ctx, itemIndex, kind, given);
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex);
	}
}
