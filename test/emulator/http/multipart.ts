import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy = require('busboy');
import type { RequestLogEntry } from '../request-log';
import { HttpError } from './reply';

export interface UploadedFile {
	field: string;
	filename: string;
	content_type: string;
	size: number;
	sha256: string;
	/** The file bytes, or null when the file is larger than the parse limit (only size and hash are kept). */
	bytes: Buffer | null;
}

export interface MultipartBody {
	fields: Map<string, string[]>;
	files: UploadedFile[];
	/** Number of file parts seen in the accepted file fields, including those beyond maxFiles. */
	fileCount: number;
}

export interface MultipartOptions {
	/** Only parts of these fields are kept as files; other file parts are logged and dropped. */
	fileFields: string[];
	maxFiles?: number;
	/** Files above this size are rejected with 413 (after the body has been read). */
	maxFileSize?: number;
	/** Files up to this size are kept in memory for parsing; bigger ones are streamed through a hash only. */
	maxParseBytes: number;
}

const MAX_FIELD_BYTES = 16 * 1024 * 1024;

function isMultipart(req: IncomingMessage): boolean {
	return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Streams a multipart body: every file is hashed while it flows, and only files small
 * enough to be parsed are kept in memory, so ten 50 MB uploads never sit in RAM.
 */
export function readMultipart(req: IncomingMessage, log: RequestLogEntry, options: MultipartOptions): Promise<MultipartBody> {
	if (!isMultipart(req)) {
		return Promise.reject(
			new HttpError(422, [{ type: 'value_error', loc: ['body'], msg: 'expected a multipart/form-data body' }]),
		);
	}
	return new Promise((resolve, reject) => {
		const fields = new Map<string, string[]>();
		const files: UploadedFile[] = [];
		const oversized: UploadedFile[] = [];
		let fileCount = 0;
		let failed = false;
		let pendingFiles = 0;
		let parserDone = false;

		const fail = (error: HttpError): void => {
			if (failed) return;
			failed = true;
			req.unpipe();
			req.resume();
			reject(error);
		};

		const finishIfDone = (): void => {
			if (failed || !parserDone || pendingFiles > 0) return;
			const maxFiles = options.maxFiles ?? Infinity;
			if (fileCount > maxFiles) {
				reject(
					new HttpError(422, [
						{
							type: 'too_many_files',
							loc: ['body', options.fileFields[0] ?? 'files'],
							msg: `too many files: ${fileCount} (at most ${maxFiles} per request)`,
						},
					]),
				);
				return;
			}
			const tooBig = oversized[0];
			if (tooBig !== undefined && options.maxFileSize !== undefined) {
				reject(
					new HttpError(
						413,
						`file ${tooBig.filename} is ${tooBig.size} bytes; the limit is ${options.maxFileSize} bytes (50 MB) per file`,
					),
				);
				return;
			}
			resolve({ fields, files, fileCount });
		};

		let parser: busboy.Busboy;
		try {
			parser = busboy({ headers: req.headers, limits: { fieldSize: MAX_FIELD_BYTES }, defParamCharset: 'utf8' });
		} catch (error) {
			fail(new HttpError(422, [{ type: 'value_error', loc: ['body'], msg: `malformed multipart body: ${(error as Error).message}` }]));
			return;
		}

		parser.on('field', (name, value, info) => {
			if (info.valueTruncated) {
				fail(new HttpError(413, `form field ${name} is larger than ${MAX_FIELD_BYTES} bytes`));
				return;
			}
			log.addField(name, value);
			const values = fields.get(name) ?? [];
			values.push(value);
			fields.set(name, values);
		});

		parser.on('file', (name, stream, info) => {
			const accepted = options.fileFields.includes(name);
			const index = accepted ? fileCount++ : -1;
			const keep = accepted && index < (options.maxFiles ?? Infinity);
			const hash = createHash('sha256');
			const chunks: Buffer[] = [];
			// Registered now so the files keep their part order.
			const file: UploadedFile = { field: name, filename: info.filename ?? '', content_type: info.mimeType, size: 0, sha256: '', bytes: null };
			if (keep) files.push(file);
			pendingFiles += 1;
			stream.on('data', (chunk: Buffer) => {
				file.size += chunk.length;
				hash.update(chunk);
				if (keep && file.size <= options.maxParseBytes) chunks.push(chunk);
			});
			stream.on('end', () => {
				pendingFiles -= 1;
				file.sha256 = hash.digest('hex');
				file.bytes = keep && file.size <= options.maxParseBytes ? Buffer.concat(chunks) : null;
				log.addFile({ field: name, filename: file.filename, content_type: file.content_type, size: file.size, sha256: file.sha256 });
				if (keep && options.maxFileSize !== undefined && file.size > options.maxFileSize) oversized.push(file);
				finishIfDone();
			});
			stream.on('error', (error: Error) => fail(new HttpError(422, `could not read file part ${name}: ${error.message}`)));
		});

		parser.on('error', (error: Error) => {
			fail(new HttpError(422, [{ type: 'value_error', loc: ['body'], msg: `malformed multipart body: ${error.message}` }]));
		});
		parser.on('close', () => {
			parserDone = true;
			finishIfDone();
		});
		req.on('error', (error) => fail(new HttpError(400, `request aborted: ${error.message}`)));
		req.on('close', () => {
			if (!req.complete) fail(new HttpError(400, 'request aborted before its body was complete'));
		});
		req.pipe(parser);
	});
}

export function firstField(body: MultipartBody, name: string): string | undefined {
	return body.fields.get(name)?.[0];
}
