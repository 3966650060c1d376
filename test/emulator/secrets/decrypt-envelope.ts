import { constants, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';
import { isPlainObject } from '../http/body';
import { HttpError, type ValidationIssue } from '../http/reply';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function base64Field(body: Record<string, unknown>, name: string, issues: ValidationIssue[]): Buffer {
	const value = body[name];
	if (typeof value !== 'string' || value === '') {
		issues.push({ type: 'missing', loc: ['body', name], msg: `${name}: a non-empty Base64 string is required` });
		return Buffer.alloc(0);
	}
	if (!BASE64.test(value)) {
		issues.push({ type: 'value_error', loc: ['body', name], msg: `${name}: not valid Base64` });
		return Buffer.alloc(0);
	}
	return Buffer.from(value, 'base64');
}

/**
 * Undoes the client's envelope: the AES key with RSA-OAEP (SHA-256 hash and MGF1, no
 * label), the value with AES-256-CFB (128-bit feedback) and the 16-byte IV.
 */
export function decryptEnvelope(body: unknown, privateKey: KeyObject): string {
	if (!isPlainObject(body)) throw new HttpError(422, [{ type: 'dict_type', loc: ['body'], msg: 'body must be a JSON object' }]);
	const issues: ValidationIssue[] = [];
	const encryptedKey = base64Field(body, 'encrypted_aes_key', issues);
	const iv = base64Field(body, 'aes_iv', issues);
	const encryptedValue = base64Field(body, 'encrypted_value', issues);
	if (body.type !== 'rsa_aes') issues.push({ type: 'literal_error', loc: ['body', 'type'], msg: `type: must be 'rsa_aes', got ${JSON.stringify(body.type)}` });
	if (issues.length === 0 && iv.length !== 16) issues.push({ type: 'value_error', loc: ['body', 'aes_iv'], msg: `aes_iv: must be 16 bytes, got ${iv.length}` });
	if (issues.length > 0) throw new HttpError(422, issues);

	let aesKey: Buffer;
	try {
		aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, encryptedKey);
	} catch {
		throw new HttpError(422, 'encrypted_aes_key could not be decrypted with the account key (expected RSA-OAEP with SHA-256, encrypted with the key from /users/retrieve)');
	}
	if (aesKey.length !== 32) throw new HttpError(422, `the decrypted AES key is ${aesKey.length} bytes; AES-256 needs 32`);
	const decipher = createDecipheriv('aes-256-cfb', aesKey, iv);
	const plaintext = Buffer.concat([decipher.update(encryptedValue), decipher.final()]);
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
	} catch {
		throw new HttpError(422, 'encrypted_value did not decrypt to UTF-8 text (expected AES-256-CFB with the given key and IV)');
	}
}
