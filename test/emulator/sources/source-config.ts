import { isPlainObject } from '../http/body';
import { HttpError, type ValidationIssue } from '../http/reply';
import type { EmulatorStore } from '../state';

export const MASK = '**********';

const SECRET_NAME = /key|secret|password|token/i;

function isSecretReference(value: unknown): value is { id: string; type: string } {
	return isPlainObject(value) && typeof value.id === 'string' && typeof value.type === 'string' && Object.keys(value).length === 2;
}

export interface CheckedConfig {
	config: Record<string, unknown>;
	secretKeys: string[];
}

/** Checks a connector config: required fields of known types, and that every secret reference exists. */
export function checkConnectorConfig(type: string, raw: Record<string, unknown>, store: EmulatorStore): CheckedConfig {
	const issues: ValidationIssue[] = [];
	const config: Record<string, unknown> = { ...raw };
	const secretKeys: string[] = [];
	if (type === 'google_drive') {
		if (typeof config.drive_id !== 'string' || config.drive_id === '') {
			issues.push({ type: 'missing', loc: ['body', 'config', 'drive_id'], msg: 'config.drive_id: a non-empty string is required' });
		}
		if (config.recursive === undefined) config.recursive = true;
		else if (typeof config.recursive !== 'boolean') issues.push({ type: 'bool_type', loc: ['body', 'config', 'recursive'], msg: 'config.recursive: must be a boolean' });
		if (config.service_account_key === undefined) {
			issues.push({ type: 'missing', loc: ['body', 'config', 'service_account_key'], msg: 'config.service_account_key: required (plaintext or a secret reference {id, type})' });
		}
	}
	for (const [key, value] of Object.entries(config)) {
		if (isSecretReference(value)) {
			const secret = store.secrets.get(value.id);
			if (!secret) issues.push({ type: 'secret_not_found', loc: ['body', 'config', key], msg: `config.${key}: secret ${value.id} not found` });
			else if (secret.type !== value.type) issues.push({ type: 'value_error', loc: ['body', 'config', key], msg: `config.${key}: secret ${value.id} has type ${secret.type}, not ${value.type}` });
			secretKeys.push(key);
		} else if (SECRET_NAME.test(key)) {
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
