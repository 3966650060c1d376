import type { ConnectorKind } from '../../../api/connectors';
import { modelOf, secretPaths } from './connectorTypes';

/**
 * Which config keys hold secrets, for every connector type whose secrets are known, written by
 * hand (the generated table knows only the types with per-field models). A key listed here is
 * always encrypted and registered before sending, and masked in errors and outputs, whatever the
 * user lists in Secret Config Keys.
 */

/** Types the service documents without a per-field model, with the secret keys their docs name. */
const JSON_ONLY_SECRET_KEYS: Record<string, string[]> = {
	// The Slack source's bot token (unstructured docs, Slack source connector: "token").
	slack: ['token'],
	// The MotherDuck destination's access token (unstructured docs, MotherDuck destination: "md_token").
	motherduck: ['md_token'],
};

/** For a type the table lacks (Other Type): what object stores and databases name their secrets. */
export const OTHER_TYPE_SECRET_KEYS = ['secret', 'token', 'password', 'service_account_key'];

/** The secret keys of a type: its model's secret fields, its documented JSON-only keys, or Other Type's list. */
export function knownSecretPaths(kind: ConnectorKind, typeId: string): string[][] {
	const model = modelOf(kind, typeId);
	if (model?.model) return secretPaths(model);
	const keys = Object.prototype.hasOwnProperty.call(JSON_ONLY_SECRET_KEYS, typeId) ? JSON_ONLY_SECRET_KEYS[typeId] : OTHER_TYPE_SECRET_KEYS;
	return keys.map((key) => [key]);
}

/** Paths of both lists, each once (`a.b` and `a.b` are one path). */
export function unitePaths(...lists: string[][][]): string[][] {
	const seen = new Map<string, string[]>();
	for (const path of lists.flat()) seen.set(path.join('.'), path);
	return [...seen.values()];
}

/** The credential of AWS keys, and the config keys of the types that take them. */
export const AWS_KEYS_CREDENTIAL = 'documentProcessingAwsKeysApi';
export const AWS_KEY_TYPES = ['s3'];
/** S3's config key → the credential's field (named as in n8n's own AWS credential). */
export const AWS_KEY_FIELDS: Record<string, string> = { key: 'accessKeyId', secret: 'secretAccessKey', token: 'sessionToken' };

/** The generic credential: config key / secret value pairs, for every other type. */
export const CONNECTOR_SECRETS_CREDENTIAL = 'documentProcessingConnectorSecretsApi';

/** The credential that holds a type's secrets. */
export function credentialFor(typeId: string): string {
	return AWS_KEY_TYPES.includes(typeId) ? AWS_KEYS_CREDENTIAL : CONNECTOR_SECRETS_CREDENTIAL;
}
