/**
 * The service's error bodies as one line of text. Documented: `{"detail": string}`, `{"detail":
 * [{loc, msg, type}]}` (validation) and, on connector, secret and channel calls, `{"errors":
 * [{field, message}]}`. Any other JSON is shown shortened rather than lost.
 */

import { redactValue } from './redact';

const MAX_UNKNOWN_BODY = 300;
// Values under these keys are never shown, whatever the service echoes back.
const SECRET_KEY = /secret|password|token|api[-_]?key|private|credential|encrypted/i;

interface DetailEntry {
	loc?: unknown;
	msg?: unknown;
}

interface FieldError {
	field?: unknown;
	message?: unknown;
}

function located(where: string | undefined, what: string): string {
	return where ? `${where}: ${what}` : what;
}

function detailEntries(detail: unknown[]): string {
	return detail
		.map((entry: unknown) => {
			if (typeof entry === 'string') return entry;
			const { loc, msg } = (entry ?? {}) as DetailEntry;
			return located(Array.isArray(loc) ? loc.join('.') : undefined, typeof msg === 'string' ? msg : shortJson(entry));
		})
		.join('; ');
}

function fieldErrors(errors: unknown[]): string {
	return errors
		.map((entry: unknown) => {
			if (typeof entry === 'string') return entry;
			const { field, message } = (entry ?? {}) as FieldError;
			const where = typeof field === 'string' ? field : Array.isArray(field) ? field.join('.') : undefined;
			return located(where, typeof message === 'string' ? message : shortJson(entry));
		})
		.join('; ');
}

function withoutSecrets(value: unknown, depth = 0): unknown {
	if (Array.isArray(value)) return value.map((entry) => withoutSecrets(entry, depth + 1));
	if (typeof value !== 'object' || value === null || depth > 8) return value;
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, SECRET_KEY.test(key) ? '***' : withoutSecrets(entry, depth + 1)]));
}

function shortJson(value: unknown): string {
	const text = JSON.stringify(withoutSecrets(value)) ?? String(value);
	return text.length > MAX_UNKNOWN_BODY ? `${text.slice(0, MAX_UNKNOWN_BODY)}…` : text;
}

/**
 * The service's own words from an error body (parsed JSON, or the raw text when it was not JSON),
 * with `secrets` removed first: redacting after the text is shortened would leave the part of a
 * secret that straddles the cut (redact.ts).
 */
export function detailText(raw: unknown, secrets: Array<string | undefined> = []): string | undefined {
	const body = redactValue(raw, secrets);
	if (typeof body === 'string') return body.trim() ? body.trim().slice(0, MAX_UNKNOWN_BODY) : undefined;
	if (!body || typeof body !== 'object') return body === undefined || body === null ? undefined : String(body);
	const { detail, errors, message } = body as { detail?: unknown; errors?: unknown; message?: unknown };
	const parts: string[] = [];
	if (typeof detail === 'string' && detail.trim()) parts.push(detail.trim());
	else if (Array.isArray(detail) && detail.length > 0) parts.push(detailEntries(detail));
	else if (detail !== undefined && detail !== null) parts.push(shortJson(detail));
	if (Array.isArray(errors) && errors.length > 0) parts.push(fieldErrors(errors));
	if (parts.length === 0 && typeof message === 'string' && message.trim()) parts.push(message.trim());
	if (parts.length > 0) return parts.join('; ');
	return Object.keys(body).length > 0 ? shortJson(body) : undefined;
}
