import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { OpenableFile } from '../helpers/openableFile';

/**
 * A file's stable id: SHA-256 of its bytes in hex, what a Crypto node's SHA256 hash of the same
 * binary gives, so a flow can delete a file's rows by it before adding the file again.
 */

/** Pieces a file kept on disk is hashed in when it must be read for the hash alone. */
const HASH_CHUNK_BYTES = 64 * 1024;

export async function sha256OfFile(file: OpenableFile): Promise<string> {
	const hash = createHash('sha256');
	const source = await file.open(HASH_CHUNK_BYTES);
	if (Buffer.isBuffer(source)) return hash.update(source).digest('hex');
	for await (const piece of source) hash.update(piece as Buffer);
	return hash.digest('hex');
}

/** For element input, where the file's bytes are not at hand: SHA-256 of its name (the same name, the same id). */
export function sha256OfName(name: string): string {
	return createHash('sha256').update(name, 'utf8').digest('hex');
}

/**
 * The file as it is sent, hashed on the way: the partition reads it whole anyway (to split it or
 * to upload it), so its bytes pass through a hash instead of being read a second time (a 19 MB
 * scan read again for its hash alone left 19 MB of read buffers to the collector, bench:loader).
 * `documentId()` gives the hash of the first read that reached the end, else reads the file for it.
 */
export function hashedWhileRead<T extends OpenableFile>(file: T): { file: T; documentId: () => Promise<string> } {
	let digest: string | undefined;
	const hashing = (source: Readable): Readable => {
		const hash = createHash('sha256');
		const tee = new Transform({
			transform(piece: Buffer, _encoding, done) {
				hash.update(piece);
				done(null, piece);
			},
			flush(done) {
				digest ??= hash.digest('hex');
				done();
			},
		});
		// An early stop of the reader (a look at the header) ends the source too; the hash is then not taken.
		return pipeline(source, tee, () => undefined);
	};
	const open: OpenableFile['open'] = async (chunkSize) => {
		const source = await file.open(chunkSize);
		if (!Buffer.isBuffer(source)) return hashing(source);
		digest ??= createHash('sha256').update(source).digest('hex');
		return source;
	};
	return { file: { ...file, open }, documentId: async () => digest ?? (await sha256OfFile(file)) };
}
