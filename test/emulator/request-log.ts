import type { IncomingHttpHeaders } from 'node:http';

export interface LoggedFile {
	field: string;
	filename: string;
	content_type: string;
	size: number;
	sha256: string;
}

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[]>;
	json?: unknown;
	fields: Record<string, string | string[]>;
	files: LoggedFile[];
	received_at: string;
	/** When an on-demand job launch was accepted (its upload complete); the launch spacing counts from here. */
	accepted_at?: string;
	/** Set once answered; absent when the connection was reset or is still open. */
	status?: number;
	/** Which injected fault, if any, this request consumed. */
	fault?: string;
}

const KEY_HEADERS = new Set(['service-api-key', 'unstructured-api-key']);

function redactHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
	const result: Record<string, string | string[]> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		result[name] = KEY_HEADERS.has(name) ? '<redacted>' : value;
	}
	return result;
}

function multiValueRecord(entries: Iterable<[string, string]>): Record<string, string | string[]> {
	const result: Record<string, string | string[]> = {};
	for (const [name, value] of entries) {
		const existing = result[name];
		if (existing === undefined) result[name] = value;
		else if (Array.isArray(existing)) existing.push(value);
		else result[name] = [existing, value];
	}
	return result;
}

export class RequestLogEntry {
	readonly record: LoggedRequest;

	constructor(method: string, url: URL, headers: IncomingHttpHeaders) {
		this.record = {
			method,
			path: url.pathname,
			query: multiValueRecord(url.searchParams.entries()),
			headers: redactHeaders(headers),
			fields: {},
			files: [],
			received_at: new Date().toISOString(),
		};
	}

	addField(name: string, value: string): void {
		const existing = this.record.fields[name];
		if (existing === undefined) this.record.fields[name] = value;
		else if (Array.isArray(existing)) existing.push(value);
		else this.record.fields[name] = [existing, value];
	}

	addFile(file: LoggedFile): void {
		this.record.files.push(file);
	}

	accepted(): void {
		this.record.accepted_at = new Date().toISOString();
	}

	setJson(json: unknown): void {
		this.record.json = json;
	}
}

export class RequestLog {
	private entries: LoggedRequest[] = [];

	constructor(private readonly limit: () => number) {}

	begin(method: string, url: URL, headers: IncomingHttpHeaders): RequestLogEntry {
		const entry = new RequestLogEntry(method, url, headers);
		this.entries.push(entry.record);
		const overflow = this.entries.length - this.limit();
		if (overflow > 0) this.entries.splice(0, overflow);
		return entry;
	}

	list(): LoggedRequest[] {
		return this.entries;
	}

	clear(): void {
		this.entries = [];
	}
}
