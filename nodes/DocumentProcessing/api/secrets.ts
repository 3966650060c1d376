import { createHash, type KeyObject } from 'node:crypto';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { publicKeyFromCertificate } from '../secrets/certificateKey';
import { encryptSecret, loadPublicKey, PublicKeyError } from '../secrets/envelope';
import { callService, type CallContext, type ServiceConnection } from '../transport';
import { asNodeError } from '../helpers/nodeErrors';

export const secretReferenceSchema = z.object({ id: z.string().min(1), type: z.string().min(1) });

/** How a registered secret is referred to, e.g. inside a connector's config. Nothing else is kept. */
export type SecretReference = z.infer<typeof secretReferenceSchema>;

const publicKeyRecordSchema = z.object({ pem_key: z.string() }).passthrough();

const certificateRecordSchema = z.object({ encryption_certificate: z.string(), ca_chain: z.unknown() }).passthrough();

const RETRIEVE_ENDPOINT = 'POST /api/v1/users/retrieve';
const CERTIFICATE_ENDPOINT = 'GET /api/v1/users/secrets/encryption-certificate';
const REGISTER_ENDPOINT = 'POST /api/v1/users/secrets';

/**
 * Keys are kept briefly so a batch of secrets costs one key request, yet a rotated key is picked
 * up within minutes.
 */
export const PUBLIC_KEY_TTL_MS = 5 * 60_000;

interface CachedKey {
	expiresAt: number;
	key: Promise<KeyObject>;
}

// Process-wide like the connection pools (one module instance per n8n process), so parallel
// items and executions share one fetch.
const publicKeys = new Map<string, CachedKey>();

// Two API keys on one endpoint can be two accounts with two keys; the API key itself is not stored.
function cacheKey(connection: ServiceConnection): string {
	return `${connection.baseUrl}#${createHash('sha256').update(connection.apiKey).digest('hex')}`;
}

export function forgetPublicKey(connection: ServiceConnection): void {
	publicKeys.delete(cacheKey(connection));
}

/** For tests: the next registration fetches the key again. */
export function clearPublicKeyCache(): void {
	publicKeys.clear();
}

/**
 * `POST /users/retrieve` (the interface) first; a service without it (404 or 405) gets the same
 * key from its documented encryption certificate. Both calls only read, so both may be resent.
 */
async function fetchPublicKey(call: CallContext): Promise<KeyObject> {
	const record = await callService(call, {
		method: 'POST',
		path: '/users/retrieve',
		endpoint: RETRIEVE_ENDPOINT,
		idempotent: true,
		schema: publicKeyRecordSchema,
	}).catch((error: unknown) => {
		if (error instanceof NodeApiError && ['404', '405'].includes(String(error.httpCode))) return undefined;
		throw asNodeError(call.node, error, call.itemIndex);
	});
	if (record) return loadPublicKey(record.pem_key);
	const answer = await callService(call, {
		method: 'GET',
		path: '/users/secrets/encryption-certificate',
		endpoint: CERTIFICATE_ENDPOINT,
		idempotent: true,
		schema: certificateRecordSchema,
	});
	return publicKeyFromCertificate(answer.encryption_certificate, answer.ca_chain);
}

/** The credential test: the key can be read (uncached, so the test really calls the service). */
export async function checkKeyAccess(call: CallContext): Promise<void> {
	try {
		await fetchPublicKey(call);
	} catch (error) {
		throw error instanceof PublicKeyError ? unusableKeyError(call, error) : error;
	}
}

function unusableKeyError(call: CallContext, error: PublicKeyError): NodeOperationError {
	return new NodeOperationError(call.node, `The account’s public key cannot be used: ${error.message}`, {
		itemIndex: call.itemIndex,
		description: `${error.hint} Check that the credential’s Workflow Endpoint is your account’s own address; if it is, the service sent a wrong key: contact its support. Nothing was registered. (${RETRIEVE_ENDPOINT} or ${CERTIFICATE_ENDPOINT})`,
	});
}

/** The account's public key, fetched at most once per TTL for every caller in the process. */
export async function getPublicKey(call: CallContext): Promise<KeyObject> {
	const id = cacheKey(call.connection);
	let entry = publicKeys.get(id);
	if (!entry || entry.expiresAt <= Date.now()) {
		const key = fetchPublicKey(call);
		entry = { expiresAt: Date.now() + PUBLIC_KEY_TTL_MS, key };
		publicKeys.set(id, entry);
		const current = entry;
		// A failed fetch is not remembered; the next caller tries again.
		key.catch(() => {
			if (publicKeys.get(id) === current) publicKeys.delete(id);
		});
	}
	try {
		return await entry.key;
	} catch (error) {
		throw error instanceof PublicKeyError ? unusableKeyError(call, error) : error;
	}
}

/**
 * Encrypts the secret locally with the account's public key and registers the envelope; the
 * plaintext never leaves the process.
 */
export async function registerSecret(call: CallContext, plaintext: string): Promise<SecretReference> {
	const publicKey = await getPublicKey(call);
	const envelope = encryptSecret(publicKey, plaintext);
	try {
		return await callService(call, {
			method: 'POST',
			path: '/users/secrets',
			endpoint: REGISTER_ENDPOINT,
			json: envelope,
			idempotent: false,
			schema: secretReferenceSchema,
		});
	} catch (error) {
		// The service may have rotated its key; the next attempt should not reuse the cached one.
		forgetPublicKey(call.connection);
		throw asNodeError(call.node, error, call.itemIndex);
	}
}
