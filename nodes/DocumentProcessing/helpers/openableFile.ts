import type { Readable } from 'node:stream';

/**
 * The one file type every upload path shares (job inputs, partition sources, multipart parts): a
 * name, a MIME type, a size when known, and `open`, called once per attempt because a stream
 * cannot be rewound for a retried request.
 */
export interface OpenableFile {
	fileName: string;
	mimeType: string;
	/** Exact size in bytes when known: lets a body carry a Content-Length instead of chunking. */
	size?: number;
	/**
	 * `chunkSize` asks for the size of the pieces a file n8n keeps on disk is read in (sources
	 * that cannot choose ignore it).
	 */
	open(chunkSize?: number): Promise<Readable | Buffer>;
}
