import type { IExecuteFunctions } from 'n8n-workflow';
import { InputProblem } from '../../../helpers/inputProblem';
import { looksLikeReference, ownValueAt, pathText } from './connectorConfig';
import type { ConnectorModel } from './connectorTableTypes';
import { connectorCredentialSecrets, credentialName } from './credentialSecrets';
import { AWS_KEY_TYPES, credentialFor } from './secretKeys';

/**
 * A connector's secrets: the connector credential's values join the config (encrypted and
 * registered like any inline secret), a secret typed into the node's own Config (JSON) is refused,
 * and a missing required secret names the credential to fill in.
 */

/** What the form gave besides the credential (fields mode and JSON mode of a type with a model). */
export interface FormValues {
	kind: string;
	model: ConnectorModel;
	values: Record<string, unknown>;
}

const isGiven = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * A plaintext secret written into Config (JSON) itself is refused, since n8n
 * saves the parameter as typed. A value an expression produced is not saved with the workflow, so
 * it is taken (and encrypted); a reference is always taken.
 */
export function refuseTypedSecrets(ctx: IExecuteFunctions, config: Record<string, unknown>, paths: string[][]): void {
	const raw = ctx.getNode().parameters.connectorConfigJson;
	if (typeof raw !== 'string' || raw.trimStart().startsWith('=')) return;
	for (const path of paths) {
		const value = ownValueAt(config, path);
		if (!isGiven(value) || looksLikeReference(value)) continue;
		throw new InputProblem(
			`Config (JSON) holds a typed secret at "${pathText(path)}"`,
			'n8n saves a node’s parameters as typed, in the workflow and in every execution. Put the secret in the connector credential under its config key, or map a Register Secret output here by expression.',
		);
	}
}

/**
 * The credential's secrets for the type (undefined when none is picked and none is needed). In a
 * type's form, a required secret neither in the credential nor given as a reference is refused
 * here, naming the credential; S3 needs keys unless Anonymous is on.
 */
export async function credentialSecretsFor(ctx: IExecuteFunctions, itemIndex: number, typeId: string, form?: FormValues): Promise<Record<string, string> | undefined> {
	const credential = credentialName(credentialFor(typeId));
	if (AWS_KEY_TYPES.includes(typeId) && form?.values.anonymous === true) return undefined;
	const secrets = await connectorCredentialSecrets(ctx, itemIndex, typeId);
	if (AWS_KEY_TYPES.includes(typeId) && secrets === undefined && !isGiven(form?.values.key)) {
		throw new InputProblem(
			'Amazon S3 needs AWS keys unless Anonymous is on',
			`Pick a ${credential} credential with keys allowed to use the bucket, or for a public bucket turn on Options › Anonymous.`,
		);
	}
	if (form === undefined) return secrets;
	for (const field of form.model.fields.filter((candidate) => candidate.required && candidate.secret)) {
		if (isGiven(form.values[field.key]) || (secrets !== undefined && Object.prototype.hasOwnProperty.call(secrets, field.key))) continue;
		throw new InputProblem(
			`${field.label} is required`,
			`Add it to the ${credential} credential picked on this node, as Config Key "${field.key}" (or, with Define Config › Using JSON, map a Register Secret output to "${field.key}").`,
		);
	}
	return secrets;
}

/**
 * Puts the credential's secrets into the config's values; returns the keys a model lacks (kept
 * apart, so they are registered as secrets rather than sent as unknown keys). A key given both in
 * the node and in the credential is refused: which one is meant is not the node's guess.
 */
export function mergeCredentialSecrets(values: Record<string, unknown>, secrets: Record<string, string>, model?: ConnectorModel): string[] {
	const extra: string[] = [];
	for (const [key, plaintext] of Object.entries(secrets)) {
		if (isGiven(values[key])) {
			throw new InputProblem(`"${key}" is given both in the node and in the connector credential`, 'Keep it in one place: the credential for a secret, the node for anything else.');
		}
		if (model && !model.fields.some((field) => field.key === key)) extra.push(key);
		else Object.defineProperty(values, key, { value: plaintext, enumerable: true, writable: true, configurable: true });
	}
	return extra;
}
