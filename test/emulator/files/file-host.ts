import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A plain web server for documents, beside the service: file URLs in tests and the agent example
 * point here. Not part of the service's interface; it stands in for wherever users keep files.
 *
 * - `PUT /_emulator/files/<name>` stores the body (its content-type is served back).
 * - `GET /_emulator/files/<name>` serves it; `?chunked=1` leaves out content-length, `?redirect=1`
 *   answers 302 to the plain address, `?status=<code>` answers that status instead.
 * - `GET /_emulator/files/_generated/<name>?bytes=<n>` streams n bytes without storing them
 *   (`?declare=<n>` sends that content-length instead of the real one).
 * - `GET /_emulator/files` lists the stored files with how often each was downloaded.
 */
export const FILES_PREFIX = '/_emulator/files';

interface HostedFile {
	bytes: Buffer;
	contentType: string;
	downloads: number;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function json(res: ServerResponse, status: number, body: unknown): void {
	const payload = Buffer.from(JSON.stringify(body));
	res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(payload.length) });
	res.end(payload);
}

function streamGenerated(res: ServerResponse, bytes: number, declared: number | undefined): void {
	res.writeHead(200, { 'content-type': 'application/octet-stream', ...(declared !== undefined ? { 'content-length': String(declared) } : {}) });
	const chunk = Buffer.alloc(64 * 1024, 'a');
	let left = bytes;
	const pump = (): void => {
		while (left > 0) {
			const piece = chunk.subarray(0, Math.min(chunk.length, left));
			left -= piece.length;
			if (!res.write(piece)) {
				res.once('drain', pump);
				return;
			}
		}
		res.end();
	};
	res.on('close', () => (left = 0));
	pump();
}

export class FileHost {
	private readonly files = new Map<string, HostedFile>();

	async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
		const name = decodeURIComponent(url.pathname.slice(FILES_PREFIX.length).replace(/^\/+/, ''));
		const method = (req.method ?? 'GET').toUpperCase();
		if (name === '') return json(res, 200, { files: [...this.files].map(([file, { bytes, contentType, downloads }]) => ({ name: file, size: bytes.length, content_type: contentType, downloads })) });
		if (method === 'PUT') {
			this.files.set(name, { bytes: await readBody(req), contentType: req.headers['content-type'] ?? 'application/octet-stream', downloads: 0 });
			return json(res, 201, { name, url: `${FILES_PREFIX}/${encodeURIComponent(name)}` });
		}
		if (method !== 'GET') return json(res, 405, { detail: `Method ${method} not allowed` });
		const status = Number(url.searchParams.get('status'));
		if (status >= 300) return json(res, status, { detail: `status ${status} as asked` });
		if (url.searchParams.get('redirect') === '1') {
			res.writeHead(302, { location: url.pathname });
			return void res.end();
		}
		if (name.startsWith('_generated/')) {
			const declared = url.searchParams.get('declare');
			return streamGenerated(res, Number(url.searchParams.get('bytes') ?? 0), declared === null ? undefined : Number(declared));
		}
		const file = this.files.get(name);
		if (!file) return json(res, 404, { detail: `file ${name} not found` });
		file.downloads++;
		const chunked = url.searchParams.get('chunked') === '1';
		res.writeHead(200, { 'content-type': file.contentType, ...(chunked ? {} : { 'content-length': String(file.bytes.length) }) });
		res.end(file.bytes);
	}
}
