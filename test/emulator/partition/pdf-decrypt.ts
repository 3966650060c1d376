/**
 * The standard security handler of PDF (ISO 32000-2, 7.6.4) for files that open without a
 * password: encrypted with an owner password only, as tools write when they restrict printing or
 * editing. The service reads such files like any other (unstructured-api stopped refusing them,
 * PR #249); a file that needs a user password is refused. RC4 and AES-128 (revisions 2–4) and
 * AES-256 (revision 6); only what reading page text needs: stream contents.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFObject, type PDFRef } from 'pdf-lib';
import { PartitionError } from './types';

/** Decrypts a stream's stored bytes; `ref` is where the stream is stored (keys are per object). */
export type StreamDecrypter = (bytes: Uint8Array, ref: PDFRef | undefined) => Uint8Array;

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Uint8Array): Buffer {
	const s = Array.from({ length: 256 }, (_, i) => i);
	const at = (i: number) => s[i] as number;
	for (let i = 0, j = 0; i < 256; i++) {
		j = (j + at(i) + (key[i % key.length] as number)) & 0xff;
		[s[i], s[j]] = [at(j), at(i)];
	}
	const out = Buffer.alloc(data.length);
	for (let n = 0, i = 0, j = 0; n < data.length; n++) {
		i = (i + 1) & 0xff;
		j = (j + at(i)) & 0xff;
		[s[i], s[j]] = [at(j), at(i)];
		out[n] = (data[n] as number) ^ at((at(i) + at(j)) & 0xff);
	}
	return out;
}

/** AES-CBC as streams store it: the first 16 bytes are the IV, the rest padded as PKCS #7. */
function aesStream(key: Buffer, data: Uint8Array): Buffer {
	const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, data.subarray(0, 16));
	return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
}

const hash = (algorithm: string, ...parts: Uint8Array[]): Buffer => parts.reduce((h, part) => h.update(part), createHash(algorithm)).digest();

function bytesOf(object: PDFObject | undefined): Buffer {
	return object instanceof PDFString || object instanceof PDFHexString ? Buffer.from(object.asBytes()) : Buffer.alloc(0);
}

function numberOf(object: PDFObject | undefined, fallback: number): number {
	return object instanceof PDFNumber ? object.asNumber() : fallback;
}

/** Revision 6's hash (algorithm 2.B) of the empty password with `salt`. */
function hashR6(salt: Buffer): Buffer {
	let k = hash('sha256', salt);
	let e = Buffer.alloc(0);
	for (let round = 0; round < 64 || (e[e.length - 1] as number) > round - 32; round++) {
		const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
		const repeated = Buffer.concat(Array.from({ length: 64 }, () => k));
		e = Buffer.concat([cipher.update(repeated), cipher.final()]);
		const sum = e.subarray(0, 16).reduce((total, byte) => total + byte, 0);
		k = hash(['sha256', 'sha384', 'sha512'][sum % 3] as string, e);
	}
	return k.subarray(0, 32);
}

const needsPassword = () => new PartitionError('the PDF is encrypted with a password: it cannot be opened without it');

/** Revision 6: the file key, when the empty password opens the file. */
function fileKeyR6(encrypt: PDFDict): Buffer {
	const u = bytesOf(encrypt.get(PDFName.of('U')));
	if (!hashR6(u.subarray(32, 40)).equals(u.subarray(0, 32))) throw needsPassword();
	const decipher = createDecipheriv('aes-256-cbc', hashR6(u.subarray(40, 48)), Buffer.alloc(16)).setAutoPadding(false);
	return Buffer.concat([decipher.update(bytesOf(encrypt.get(PDFName.of('UE')))), decipher.final()]);
}

/** Revisions 2–4 (algorithms 2, 4 and 5): the file key, when the empty password opens the file. */
function fileKeyR4(doc: PDFDocument, encrypt: PDFDict, revision: number): Buffer {
	const length = revision === 2 ? 5 : numberOf(encrypt.get(PDFName.of('Length')), 40) / 8;
	const permissions = Buffer.alloc(4);
	permissions.writeInt32LE(numberOf(encrypt.get(PDFName.of('P')), 0));
	const ids = doc.context.lookup(doc.context.trailerInfo.ID);
	const firstId = bytesOf(ids instanceof PDFArray ? ids.get(0) : undefined);
	const metadataPlain = encrypt.get(PDFName.of('EncryptMetadata'))?.toString() === 'false';
	const owner = bytesOf(encrypt.get(PDFName.of('O'))).subarray(0, 32);
	let key = hash('md5', PADDING, owner, permissions, firstId, metadataPlain ? Buffer.alloc(4, 0xff) : Buffer.alloc(0));
	if (revision >= 3) for (let i = 0; i < 50; i++) key = hash('md5', key.subarray(0, length));
	key = key.subarray(0, length);
	const u = bytesOf(encrypt.get(PDFName.of('U')));
	let check = revision === 2 ? rc4(key, PADDING) : rc4(key, hash('md5', PADDING, firstId));
	for (let i = 1; revision >= 3 && i <= 19; i++) check = rc4(Buffer.from(key.map((byte) => byte ^ i)), check);
	if (!check.subarray(0, 16).equals(u.subarray(0, 16))) throw needsPassword();
	return key;
}

/** How stream contents are decrypted (identity when the file is not encrypted); throws when a password is needed. */
export function streamDecrypter(doc: PDFDocument): StreamDecrypter {
	const encrypt = doc.context.lookup(doc.context.trailerInfo.Encrypt);
	if (!(encrypt instanceof PDFDict)) return (bytes) => bytes;
	const filter = encrypt.get(PDFName.of('Filter'));
	if (!(filter instanceof PDFName) || filter.decodeText() !== 'Standard') {
		throw new PartitionError('the PDF is encrypted with a security handler that is not supported');
	}
	const revision = numberOf(encrypt.get(PDFName.of('R')), 0);
	// Revision 5 (a withdrawn Adobe extension) hashes differently; its files fail the password check.
	if (revision >= 5) {
		const key = fileKeyR6(encrypt);
		return (bytes) => aesStream(key, bytes);
	}
	const key = fileKeyR4(doc, encrypt, revision);
	const aes = revision === 4 && /AESV2/.test(encrypt.get(PDFName.of('CF'))?.toString() ?? '');
	return (bytes, ref) => {
		const object = Buffer.alloc(5);
		object.writeUIntLE(ref?.objectNumber ?? 0, 0, 3);
		object.writeUIntLE(ref?.generationNumber ?? 0, 3, 2);
		const objectKey = hash('md5', key, object, aes ? Buffer.from('sAlT') : Buffer.alloc(0)).subarray(0, Math.min(key.length + 5, 16));
		return aes ? aesStream(objectKey, bytes) : rc4(objectKey, bytes);
	};
}
