import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';
import { InputProblem } from '../../../helpers/inputProblem';
import { AWS_KEY_FIELDS, AWS_KEYS_CREDENTIAL, CONNECTOR_SECRETS_CREDENTIAL, credentialFor } from './secretKeys';

/**
 * A connector's secrets: read from the n8n credential picked on the node (only through n8n's
 * getCredentials), keyed by config key. They are plaintext in memory only, for as long as the node
 * takes to encrypt and register them.
 */

const CREDENTIAL_NAMES: Record<string, string> = {
	[AWS_KEYS_CREDENTIAL]: 'Document Processing Connector: AWS Access Keys',
	[CONNECTOR_SECRETS_CREDENTIAL]: 'Document Processing Connector Secrets API',
};

export const credentialName = (type: string): string => CREDENTIAL_NAMES[type] ?? type;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The AWS credential's keys under S3's config keys; an empty session token is left out. */
export function awsKeySecrets(data: ICredentialDataDecryptedObject): Record<string, string> {
	const secrets: Record<string, string> = {};
	for (const [configKey, field] of Object.entries(AWS_KEY_FIELDS)) {
		const value = text(data[field]).trim();
		if (value !== '') secrets[configKey] = value;
	}
	if (secrets.key === undefined || secrets.secret === undefined) {
		throw new InputProblem(`The ${credentialName(AWS_KEYS_CREDENTIAL)} credential has no Access Key ID or no Secret Access Key`, 'Fill in both in the credential.');
	}
	return secrets;
}

/** The generic credential's pairs: each config key once, none empty (checked without quoting a value). */
export function pairSecrets(data: ICredentialDataDecryptedObject): Record<string, string> {
	const pairs = (data.pairs as { values?: unknown } | undefined)?.values;
	const list = Array.isArray(pairs) ? (pairs as Array<{ name?: unknown; value?: unknown }>) : [];
	const secrets: Record<string, string> = {};
	const where = `The ${credentialName(CONNECTOR_SECRETS_CREDENTIAL)} credential`;
	list.forEach((pair, index) => {
		const key = text(pair.name).trim();
		if (key === '') throw new InputProblem(`${where} has a secret without a Config Key (secret ${index + 1})`, 'Give every secret the config key the service names it by, e.g. password.');
		if (Object.prototype.hasOwnProperty.call(secrets, key)) throw new InputProblem(`${where} names the config key "${key}" twice`, 'Keep one secret per config key.');
		if (text(pair.value) === '') throw new InputProblem(`${where} has an empty value for "${key}"`, 'Fill in the value, or remove the secret.');
		secrets[key] = text(pair.value);
	});
	if (list.length === 0) throw new InputProblem(`${where} holds no secret`, 'Add the connector’s secrets, each under its config key.');
	return secrets;
}

/**
 * The secrets of the credential that serves `typeId`, or undefined when the node has none picked
 * (a type without required secrets, or references given in the config instead).
 */
export async function connectorCredentialSecrets(ctx: IExecuteFunctions, itemIndex: number, typeId: string): Promise<Record<string, string> | undefined> {
	const type = credentialFor(typeId);
	if (!ctx.getNode().credentials?.[type]) return undefined;
	const data = await ctx.getCredentials(type, itemIndex);
	return type === AWS_KEYS_CREDENTIAL ? awsKeySecrets(data) : pairSecrets(data);
}
