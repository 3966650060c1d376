import { createHash } from 'node:crypto';
import type { OpenableFile } from '../helpers/openableFile';

/** Pieces a file kept on disk is hashed in: large enough to take few reads, small enough to cost nothing. */
const HASH_CHUNK_BYTES = 256 * 1024;

/**
 * A file's stable id: SHA-256 of its bytes in hex, what a Crypto node's SHA256 hash of the same
 * binary gives, so a flow can delete a file's rows by it before adding the file again. The file
 * is read as a stream: its size costs no memory.
 */
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
