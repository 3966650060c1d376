import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';

export interface Envelope {
	encrypted_aes_key: string;
	aes_iv: string;
	encrypted_value: string;
	type: 'rsa_aes';
}

/** The client side of the spec's envelope encryption, written independently of the emulator. */
export function encryptForService(pemKey: string, secret: string): Envelope {
	const aesKey = randomBytes(32);
	const iv = randomBytes(16);
	const cipher = createCipheriv('aes-256-cfb', aesKey, iv);
	const encryptedValue = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
	const encryptedKey = publicEncrypt({ key: pemKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
	return {
		encrypted_aes_key: encryptedKey.toString('base64'),
		aes_iv: iv.toString('base64'),
		encrypted_value: encryptedValue.toString('base64'),
		type: 'rsa_aes',
	};
}
