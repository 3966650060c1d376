import type { RunningEmulator } from '../index';

export interface ApiResponse<T = unknown> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export interface UploadFile {
	field?: string;
	name: string;
	type: string;
	content: string | Uint8Array;
}

export interface RequestOptions {
	method?: string;
	json?: unknown;
	form?: FormData;
	/** null sends no key header; undefined sends the emulator's key. */
	key?: string | null;
	headers?: Record<string, string>;
}

export function form(fields: Record<string, string | string[]>, files: UploadFile[] = [], defaultField = 'input_files'): FormData {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
	for (const file of files) data.append(file.field ?? defaultField, new Blob([file.content], { type: file.type }), file.name);
	return data;
}

async function parse<T>(response: Response): Promise<ApiResponse<T>> {
	const text = await response.text();
	let body: unknown = undefined;
	try {
		body = text === '' ? undefined : JSON.parse(text);
	} catch {
		body = undefined;
	}
	return { status: response.status, headers: response.headers, body: body as T, text };
}

/** A thin fetch wrapper for the emulator's API and control endpoints. */
export class TestClient {
	constructor(readonly emulator: RunningEmulator) {}

	async api<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
		const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
		const key = options.key === undefined ? this.emulator.apiKey : options.key;
		if (key !== null) headers['service-api-key'] = key;
		let body: string | FormData | undefined;
		if (options.json !== undefined) {
			headers['content-type'] = 'application/json';
			body = JSON.stringify(options.json);
		} else if (options.form !== undefined) {
			body = options.form;
		}
		const response = await fetch(`${this.emulator.url}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
		return parse<T>(response);
	}

	async control<T = unknown>(path: string, method = 'GET', json?: unknown): Promise<ApiResponse<T>> {
		const response = await fetch(`${this.emulator.url}/_emulator${path}`, {
			method,
			headers: json === undefined ? {} : { 'content-type': 'application/json' },
			body: json === undefined ? undefined : JSON.stringify(json),
		});
		return parse<T>(response);
	}

	async waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const value = await read();
			if (done(value)) return value;
			if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}
}

export function detailText(body: unknown): string {
	return JSON.stringify((body as { detail?: unknown } | undefined)?.detail ?? body);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
