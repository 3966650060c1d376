// secrets/ owns what keeps a secret secret: envelope encryption of a registered value against the
// service's public key (this file, certificateKey.ts), reading a secret text field (secretText.ts)
// and masking secrets out of anything a node shows (maskSecrets.ts). It may import helpers/ and
// n8n-workflow, nothing of the layers (actions/, jobs/, api/, transport/) that use it.

import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';

/** The registration body of a secret: what the service's five envelope rules produce. */
export interface EncryptedSecret {
	encrypted_aes_key: string;
	aes_iv: string;
	encrypted_value: string;
	type: 'rsa_aes';
}

export const ENVELOPE_TYPE = 'rsa_aes';
export const AES_KEY_BYTES = 32;
export const AES_IV_BYTES = 16;
/** Below this an RSA key gives no real protection; the service's keys are 2048 bits or more. */
export const MIN_RSA_BITS = 2048;

/**
 * Why a public key cannot be used. The message never contains the key material: a private key
 * sent by mistake must not end up in an error shown in n8n.
 */
export class PublicKeyError extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'PublicKeyError';
	}
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/;
const PUBLIC_LABELS = new Set(['PUBLIC KEY', 'RSA PUBLIC KEY']);

/**
 * Loads the account's RSA public key. `createPublicKey` would happily derive a public key from a
 * private key or accept an EC key, so the PEM label and the key type are checked explicitly.
 */
export function loadPublicKey(pem: unknown): KeyObject {
	if (typeof pem !== 'string' || pem.trim() === '') {
		throw new PublicKeyError('The public key is empty', 'The service sent no key in `pem_key`.');
	}
	// Some proxies double-escape the newlines of the JSON string; a PEM has no literal backslashes.
	const text = pem.includes('\\n') && !pem.includes('\n') ? pem.replace(/\\n/g, '\n') : pem;
	const block = PEM_BLOCK.exec(text);
	if (!block) {
		throw new PublicKeyError('The public key is not in PEM format', 'A PEM key starts with "-----BEGIN PUBLIC KEY-----".');
	}
	const label = block[1];
	if (label.includes('PRIVATE')) {
		throw new PublicKeyError(
			'The key is a private key, not a public key',
			'Only the account’s public key may be used for encryption; a private key must never be handed out.',
		);
	}
	if (!PUBLIC_LABELS.has(label)) {
		throw new PublicKeyError(`The PEM block is a "${label}", not a public key`, 'Expected a "BEGIN PUBLIC KEY" block.');
	}
	let key: KeyObject | undefined;
	try {
		key = createPublicKey({ key: block[0], format: 'pem' });
	} catch {
		key = undefined;
	}
	if (!key) throw new PublicKeyError('The public key PEM cannot be read', 'The block is damaged or not a key.');
	if (key.asymmetricKeyType !== 'rsa') {
		throw new PublicKeyError(
			`The public key is of type "${key.asymmetricKeyType ?? 'unknown'}", not RSA`,
			'The envelope encryption needs an RSA key (OAEP padding).',
		);
	}
	const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
	if (bits < MIN_RSA_BITS) {
		throw new PublicKeyError(`The RSA public key has only ${bits} bits`, `At least ${MIN_RSA_BITS} bits are required.`);
	}
	return key;
}

/**
 * Envelope-encrypts a secret as the service requires: a fresh AES-256 key and IV per secret,
 * AES-256-CFB (128-bit segments) over the UTF-8 bytes, and the AES key wrapped with RSA-OAEP
 * (SHA-256 for the hash and MGF1, empty label). Everything leaves Base64-encoded.
 */
export function encryptSecret(publicKey: KeyObject, secret: string | Buffer): EncryptedSecret {
	const plaintext = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
	const aesKey = randomBytes(AES_KEY_BYTES);
	const iv = randomBytes(AES_IV_BYTES);
	try {
		const cipher = createCipheriv('aes-256-cfb', aesKey, iv);
		const encryptedValue = Buffer.concat([cipher.update(plaintext), cipher.final()]);
		// Node's oaepHash sets the OAEP digest; OpenSSL uses the same digest for MGF1 unless told otherwise.
		const encryptedKey = publicEncrypt(
			{ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
			aesKey,
		);
		return {
			encrypted_aes_key: encryptedKey.toString('base64'),
			aes_iv: iv.toString('base64'),
			encrypted_value: encryptedValue.toString('base64'),
			type: ENVELOPE_TYPE,
		};
	} finally {
		aesKey.fill(0);
	}
}
