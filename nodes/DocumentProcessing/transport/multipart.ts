import FormData from 'form-data';
import { PassThrough, Readable } from 'node:stream';
import type { OpenableFile } from '../helpers/openableFile';

/** One file part; `open` is called once per attempt so a retried request re-reads the file. */
export interface FilePart extends OpenableFile {
	field: string;
}

export type FieldValue = string | number | boolean;

export interface MultipartBody {
	fields: Array<[string, FieldValue]>;
	files: FilePart[];
}

export interface EncodedBody {
	stream: Readable;
	headers: Record<string, string>;
}

/** Streams the form: file bytes flow from their source to the socket without being gathered. */
export async function encodeMultipart(body: MultipartBody): Promise<EncodedBody> {
	const form = new FormData();
	for (const [name, value] of body.fields) form.append(name, String(value));
	let lengthKnown = true;
	for (const file of body.files) {
		const content = await file.open();
		const knownLength = Buffer.isBuffer(content) ? content.length : file.size;
		if (knownLength === undefined) lengthKnown = false;
		form.append(file.field, content, { filename: file.fileName, contentType: file.mimeType, knownLength });
	}
	if (body.fields.length === 0 && body.files.length === 0) {
		// form-data writes nothing at all for an empty form, which is not a valid multipart body.
		const empty = Buffer.from(`--${form.getBoundary()}--\r\n`);
		return { stream: Readable.from([empty]), headers: { ...form.getHeaders(), 'content-length': String(empty.length) } };
	}
	const headers: Record<string, string> = { ...form.getHeaders() };
	if (lengthKnown) headers['content-length'] = String(form.getLengthSync());
	// form-data is a legacy stream; undici wants a modern Readable.
	const stream = new PassThrough();
	form.on('error', (error: Error) => stream.destroy(error));
	form.pipe(stream);
	return { stream, headers };
}
