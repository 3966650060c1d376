import { isPlainObject } from '../http/body';
import { HttpError, type ValidationIssue } from '../http/reply';
import type { EmulatorStore } from '../state';
import { documentedModel, documentedSecretKeys, modelIssues, type ConnectorKind } from './documented-models';

export const MASK = '**********';

const SECRET_NAME = /key|secret|password|token/i;

function isSecretReference(value: unknown): value is { id: string; type: string } {
	return isPlainObject(value) && typeof value.id === 'string' && typeof value.type === 'string' && Object.keys(value).length === 2;
}

export interface CheckedConfig {
	config: Record<string, unknown>;
	secretKeys: string[];
}

/**
 * Checks a connector config: the documented model of a validated type (documented-models.ts),
 * and that every secret reference exists.
 */
export function checkConnectorConfig(kind: ConnectorKind, type: string, raw: Record<string, unknown>, store: EmulatorStore): CheckedConfig {
	const config: Record<string, unknown> = { ...raw };
	const model = documentedModel(kind, type);
	const issues: ValidationIssue[] = model ? modelIssues(model, config) : [];
	const secretKeys: string[] = model ? documentedSecretKeys(model).filter((key) => key in config && config[key] !== null) : [];
	for (const [key, value] of Object.entries(config)) {
		if (isSecretReference(value)) {
			const secret = store.secrets.get(value.id);
			if (!secret) issues.push({ type: 'secret_not_found', loc: ['body', 'config', key], msg: `config.${key}: secret ${value.id} not found` });
			else if (secret.type !== value.type) issues.push({ type: 'value_error', loc: ['body', 'config', key], msg: `config.${key}: secret ${value.id} has type ${secret.type}, not ${value.type}` });
			if (!secretKeys.includes(key)) secretKeys.push(key);
		} else if (SECRET_NAME.test(key) && !secretKeys.includes(key)) {
			secretKeys.push(key);
		}
	}
	if (issues.length > 0) throw new HttpError(422, issues);
	return { config, secretKeys };
}

export function maskedConfig(config: Record<string, unknown>, secretKeys: string[]): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(config)) result[key] = secretKeys.includes(key) ? MASK : value;
	return result;
}
