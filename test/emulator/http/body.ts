import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply';

const MAX_JSON_BYTES = 10 * 1024 * 1024;

export function drainBody(req: IncomingMessage): Promise<void> {
	if (req.complete || req.destroyed) return Promise.resolve();
	return new Promise((resolve) => {
		req.on('end', resolve);
		req.on('close', resolve);
		req.on('error', () => resolve());
		req.resume();
	});
}

/** Reads the whole body; past the limit it keeps draining (so the client can read the 413) but stops storing. */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= limit) chunks.push(chunk);
		});
		req.on('end', () => {
			if (size > limit) reject(new HttpError(413, `request body larger than ${limit} bytes`));
			else resolve(Buffer.concat(chunks));
		});
		req.on('error', (error) => reject(new HttpError(400, `request aborted: ${error.message}`)));
	});
}

function isJsonContentType(req: IncomingMessage): boolean {
	const type = (req.headers['content-type'] ?? '').toLowerCase();
	return type.includes('/json') || type.includes('+json');
}

/** Reads a JSON body; `undefined` when the body is empty. Non-JSON content types are rejected like FastAPI does. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
	const raw = await readRaw(req, MAX_JSON_BYTES);
	if (raw.length === 0) return undefined;
	if (!isJsonContentType(req)) {
		throw new HttpError(422, [{ type: 'model_attributes_type', loc: ['body'], msg: 'body must be JSON (Content-Type: application/json)' }]);
	}
	try {
		return JSON.parse(raw.toString('utf8')) as unknown;
	} catch (error) {
		throw new HttpError(422, [{ type: 'json_invalid', loc: ['body'], msg: `invalid JSON body: ${(error as Error).message}` }]);
	}
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
	const body = await readJsonBody(req);
	if (!isPlainObject(body)) {
		throw new HttpError(422, [{ type: 'model_attributes_type', loc: ['body'], msg: 'body must be a JSON object' }]);
	}
	return body;
}
