import {
	constants,
	createCipheriv,
	createHash,
	generateKeyPairSync,
	privateDecrypt,
	type KeyObject,
} from 'node:crypto';
import {
	AES_IV_BYTES,
	AES_KEY_BYTES,
	encryptSecret,
	loadPublicKey,
	PublicKeyError,
	type EncryptedSecret,
} from '../../nodes/DocumentProcessing/secrets/envelope';

let privateKey: KeyObject;
let publicPem: string;

beforeAll(() => {
	const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
	privateKey = pair.privateKey;
	publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
});

/** MGF1 with SHA-256 (RFC 8017 B.2.1), written out so the test does not trust OpenSSL's defaults. */
function mgf1Sha256(seed: Buffer, length: number): Buffer {
	const blocks: Buffer[] = [];
	for (let counter = 0; Buffer.concat(blocks).length < length; counter++) {
		const c = Buffer.alloc(4);
		c.writeUInt32BE(counter);
		blocks.push(createHash('sha256').update(seed).update(c).digest());
	}
	return Buffer.concat(blocks).subarray(0, length);
}

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ b[i]));

/** EME-OAEP decoding (RFC 8017 7.1.2) with SHA-256 hash, SHA-256 MGF1 and an empty label. */
function oaepDecodeSha256(encrypted: Buffer): Buffer {
	const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, encrypted);
	const hLen = 32;
	expect(em[0]).toBe(0);
	const maskedSeed = em.subarray(1, 1 + hLen);
	const maskedDb = em.subarray(1 + hLen);
	const seed = xor(maskedSeed, mgf1Sha256(maskedDb, hLen));
	const db = xor(maskedDb, mgf1Sha256(seed, maskedDb.length));
	const emptyLabelHash = createHash('sha256').digest();
	expect(db.subarray(0, hLen).equals(emptyLabelHash)).toBe(true);
	const separator = db.indexOf(1, hLen);
	expect(db.subarray(hLen, separator).every((byte) => byte === 0)).toBe(true);
	return db.subarray(separator + 1);
}

/** AES-256-CFB128 decryption from the block cipher alone (ECB encryptions of the feedback). */
function cfb128Decrypt(key: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
	const out = Buffer.alloc(ciphertext.length);
	let feedback = iv;
	for (let offset = 0; offset < ciphertext.length; offset += 16) {
		const ecb = createCipheriv('aes-256-ecb', key, null);
		ecb.setAutoPadding(false);
		const stream = ecb.update(feedback);
		const block = ciphertext.subarray(offset, offset + 16);
		xor(block, stream).copy(out, offset);
		feedback = block.length === 16 ? Buffer.from(block) : feedback;
	}
	return out;
}

function decryptIndependently(envelope: EncryptedSecret): string {
	const aesKey = oaepDecodeSha256(Buffer.from(envelope.encrypted_aes_key, 'base64'));
	expect(aesKey).toHaveLength(AES_KEY_BYTES);
	const iv = Buffer.from(envelope.aes_iv, 'base64');
	expect(iv).toHaveLength(AES_IV_BYTES);
	return cfb128Decrypt(aesKey, iv, Buffer.from(envelope.encrypted_value, 'base64')).toString('utf8');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

describe('encryptSecret', () => {
	it('follows the five envelope rules: decrypting by hand from the RFCs gives the exact UTF-8 secret', () => {
		const secret = 'pässwörd — 秘密 🔑 "quoted"\n';
		const envelope = encryptSecret(loadPublicKey(publicPem), secret);
		expect(envelope.type).toBe('rsa_aes');
		for (const field of ['encrypted_aes_key', 'aes_iv', 'encrypted_value'] as const) expect(envelope[field]).toMatch(BASE64);
		// CFB is a stream mode: no padding, one ciphertext byte per plaintext byte.
		expect(Buffer.from(envelope.encrypted_value, 'base64')).toHaveLength(Buffer.byteLength(secret, 'utf8'));
		expect(decryptIndependently(envelope)).toBe(secret);
	});

	it('round-trips a 10 kB JSON key, and Node’s own OAEP-SHA-256 decryption agrees', () => {
		const key = JSON.stringify({ type: 'service_account', private_key: 'ключ'.repeat(2600), client_email: 'a@b.example' });
		expect(Buffer.byteLength(key)).toBeGreaterThan(10_000);
		const envelope = encryptSecret(loadPublicKey(publicPem), key);
		expect(decryptIndependently(envelope)).toBe(key);
		const aesKey = privateDecrypt(
			{ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
			Buffer.from(envelope.encrypted_aes_key, 'base64'),
		);
		expect(aesKey).toHaveLength(32);
	});

	it('uses a fresh AES key and IV for every secret', () => {
		const publicKey = loadPublicKey(publicPem);
		const a = encryptSecret(publicKey, 'same secret');
		const b = encryptSecret(publicKey, 'same secret');
		expect(a.aes_iv).not.toBe(b.aes_iv);
		expect(a.encrypted_value).not.toBe(b.encrypted_value);
		const keyA = oaepDecodeSha256(Buffer.from(a.encrypted_aes_key, 'base64'));
		const keyB = oaepDecodeSha256(Buffer.from(b.encrypted_aes_key, 'base64'));
		expect(keyA.equals(keyB)).toBe(false);
	});

	it('accepts raw bytes as the secret', () => {
		const envelope = encryptSecret(loadPublicKey(publicPem), Buffer.from('bytes ✓', 'utf8'));
		expect(decryptIndependently(envelope)).toBe('bytes ✓');
	});

	it('never carries the plaintext in any field', () => {
		const secret = 'PLAINTEXT-MARKER-4711';
		const text = JSON.stringify(encryptSecret(loadPublicKey(publicPem), secret));
		expect(text).not.toContain(secret);
		expect(text).not.toContain(Buffer.from(secret).toString('base64'));
	});
});

describe('loadPublicKey', () => {
	function expectRejected(pem: unknown, message: RegExp, mustNotContain?: string): PublicKeyError {
		let caught: unknown;
		try {
			loadPublicKey(pem);
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(PublicKeyError);
		const error = caught as PublicKeyError;
		expect(error.message).toMatch(message);
		if (mustNotContain) {
			expect(error.message).not.toContain(mustNotContain);
			expect(error.hint).not.toContain(mustNotContain);
		}
		return error;
	}

	it('loads an SPKI "BEGIN PUBLIC KEY" PEM, a PKCS#1 "RSA PUBLIC KEY" PEM and double-escaped newlines', () => {
		expect(loadPublicKey(publicPem).asymmetricKeyType).toBe('rsa');
		const pkcs1 = loadPublicKey(publicPem).export({ type: 'pkcs1', format: 'pem' }).toString();
		expect(loadPublicKey(pkcs1).asymmetricKeyType).toBe('rsa');
		expect(loadPublicKey(publicPem.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('rsa');
	});

	it('refuses a private key (PKCS#8 and PKCS#1) without quoting it', () => {
		const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
		const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
		for (const pem of [pkcs8, pkcs1]) {
			const body = pem.split('\n')[1];
			expectRejected(pem, /private key, not a public key/, body);
		}
	});

	it('refuses garbage, an empty value and a non-string', () => {
		expectRejected('not a key at all', /not in PEM format/);
		expectRejected('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /cannot be read/);
		expectRejected('', /empty/);
		expectRejected(undefined, /empty/);
		expectRejected(42, /empty/);
	});

	it('refuses a PEM block that is not a key', () => {
		expectRejected('-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----', /not a public key/);
	});

	it('refuses a public key of the wrong type or too small', () => {
		const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
		expectRejected(ec, /type "ec", not RSA/);
		const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
		expectRejected(small, /only 1024 bits/);
	});
});
