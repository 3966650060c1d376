import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * X.509 certificates for `GET /users/secrets/encryption-certificate`: a short-lived user
 * certificate carrying the account's RSA public key, signed by an emulator CA whose self-signed
 * certificate is the `ca_chain`. Node can read certificates but not write them, so this encodes
 * the few DER structures a version-1 certificate needs.
 */

function length(size: number): Buffer {
	if (size < 0x80) return Buffer.from([size]);
	const bytes: number[] = [];
	for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
	return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
	return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));

function oid(dotted: string): Buffer {
	const [first, second, ...rest] = dotted.split('.').map(Number);
	const bytes = [first * 40 + second];
	for (const part of rest) {
		const chunk = [part & 0x7f];
		for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
		bytes.push(...chunk);
	}
	return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
	const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
	return tlv(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

function commonName(name: string): Buffer {
	return sequence(set(sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(name, 'utf8')))));
}

const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

function certificatePem(subject: string, issuer: string, publicKey: KeyObject, signer: KeyObject, validMs: number, serial: number): string {
	const now = Date.now();
	const tbs = sequence(
		tlv(0x02, Buffer.from([serial & 0x7f])),
		SHA256_WITH_RSA,
		commonName(issuer),
		sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + validMs))),
		commonName(subject),
		publicKey.export({ type: 'spki', format: 'der' }),
	);
	const signature = createSign('sha256').update(tbs).sign(signer);
	const der = sequence(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
	const base64 = der.toString('base64').replace(/.{64}/g, '$&\n').trimEnd();
	return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;
}

export interface EncryptionCertificate {
	encryption_certificate: string;
	ca_chain: string;
}

/** A user certificate for `publicKey` valid for `validMs`, and the CA chain that signed it. */
export function encryptionCertificate(publicKey: KeyObject, validMs = 24 * 60 * 60_000): EncryptionCertificate {
	const ca = generateKeyPairSync('rsa', { modulusLength: 2048 });
	return {
		encryption_certificate: certificatePem('emulator user encryption key', 'emulator secrets CA', publicKey, ca.privateKey, validMs, 2),
		ca_chain: certificatePem('emulator secrets CA', 'emulator secrets CA', ca.publicKey, ca.privateKey, 10 * 365 * 86_400_000, 1),
	};
}
