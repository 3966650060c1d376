import { InputProblem } from '../../../helpers/inputProblem';
import { parseJsonQuietly } from '../../../secrets/secretText';

export interface SecretReferenceValue {
	id: string;
	type: string;
}

/** A secret of the config given in plaintext: registered first, then replaced by its reference. */
export interface InlineSecret {
	path: string[];
	plaintext: string;
}

export interface ConfigPlan {
	/** The config to send; inline secrets' places still hold their plaintext until replaced. */
	config: Record<string, unknown>;
	inline: InlineSecret[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Own properties only: a key named like a prototype member ("constructor", "__proto__") is data here.
function ownChild(parent: unknown, key: string): unknown {
	return isPlainObject(parent) && Object.prototype.hasOwnProperty.call(parent, key) ? parent[key] : undefined;
}

function setOwn(parent: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

export function pathText(path: string[]): string {
	return path.join('.');
}

/** The Config (JSON) field: a JSON object as text, or the object an expression produced. */
export function parseConfigJson(raw: unknown, field = 'Config (JSON)'): Record<string, unknown> {
	let value: unknown = raw;
	if (typeof raw === 'string') {
		const parsed = parseJsonQuietly(raw);
		if (!parsed.ok) {
			throw new InputProblem(
				`${field} is not valid JSON (${parsed.problem.where})`,
				'Write the connector config as a JSON object, e.g. { "bucket": "invoices", "access_key": "…" }. Its content is not shown here because it may hold secrets.',
			);
		}
		value = parsed.value;
	}
	if (!isPlainObject(value)) {
		throw new InputProblem(`${field} must be a JSON object`, 'The config is an object of the connector’s fields, e.g. { "drive_id": "…" }.');
	}
	// A private copy: the node replaces secrets in it and must not touch the workflow's own value.
	return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** `service_account_key, auth.token` → [['service_account_key'], ['auth', 'token']]. */
export function parseSecretKeys(text: unknown): string[][] {
	const raw = typeof text === 'string' ? text : '';
	return raw
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '')
		.map((entry) => entry.split('.').map((part) => part.trim()))
		.filter((path) => path.every((part) => part !== ''));
}

const REFERENCE_KEYS = new Set(['id', 'type']);

/** An object holding nothing but `id` and/or `type` is meant as a reference, complete or not. */
export function looksLikeReference(value: unknown): value is Record<string, unknown> {
	if (!isPlainObject(value)) return false;
	const keys = Object.keys(value);
	return keys.length > 0 && keys.every((key) => REFERENCE_KEYS.has(key));
}

/** Checks a reference has both parts; `where` names the field or config key for the message. */
export function requireReference(value: { id?: unknown; type?: unknown }, where: string): SecretReferenceValue {
	const id = typeof value.id === 'string' ? value.id.trim() : '';
	const type = typeof value.type === 'string' ? value.type.trim() : '';
	const missing = [id === '' ? 'id' : undefined, type === '' ? 'type' : undefined].filter(Boolean);
	if (missing.length > 0) {
		throw new InputProblem(
			`The secret reference in ${where} has no ${missing.join(' and no ')}`,
			'A secret reference is { "id": "…", "type": "rsa_aes" }, as Register Secret outputs it.',
		);
	}
	return { id, type };
}

export function secretText(value: unknown, where: string): string {
	if (typeof value === 'string') {
		if (value.trim() === '') throw new InputProblem(`The secret in ${where} is empty`, 'Give the secret value or a reference to a registered secret.');
		return value;
	}
	if (value === null) throw new InputProblem(`The secret in ${where} is null`, 'Give the secret value or a reference to a registered secret.');
	// A key file pasted as an object is sent as its JSON text, as the service expects a string secret.
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value as number | boolean);
}

/**
 * Sorts the config's secret keys into references (checked, kept) and plaintexts (to register).
 * Keys listed as secret but absent from the config are ignored: the default list names the drive
 * connector's key, which other connector types do not have.
 */
export function planSecretFields(config: Record<string, unknown>, secretPaths: string[][]): ConfigPlan {
	const inline: InlineSecret[] = [];
	for (const path of secretPaths) {
		let parent: unknown = config;
		for (const part of path.slice(0, -1)) parent = ownChild(parent, part);
		const last = path[path.length - 1];
		if (!isPlainObject(parent) || !Object.prototype.hasOwnProperty.call(parent, last)) continue;
		const where = `config key "${pathText(path)}"`;
		const value = parent[last];
		if (looksLikeReference(value)) {
			setOwn(parent, last, requireReference(value, where));
		} else {
			inline.push({ path, plaintext: secretText(value, where) });
		}
	}
	return { config, inline };
}

/** The value at a config path, through own keys only (a prototype key is no config key). */
export function ownValueAt(config: Record<string, unknown>, path: string[]): unknown {
	let value: unknown = config;
	for (const part of path) {
		if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
		value = (value as Record<string, unknown>)[part];
	}
	return value;
}

export function setAtPath(config: Record<string, unknown>, path: string[], value: unknown): void {
	let parent: Record<string, unknown> = config;
	for (const part of path.slice(0, -1)) {
		const next = ownChild(parent, part);
		if (!isPlainObject(next)) throw new Error(`config path ${pathText(path)} vanished`);
		parent = next;
	}
	setOwn(parent, path[path.length - 1], value);
}
