// loader/ turns the service's elements into documents for n8n's vector stores. This file holds
// the one rule every metadata value passes: a flat scalar that any store can filter on.

/** What a vector store can filter on: several stores (Pinecone, Qdrant payload indexes, PGVector JSONB paths) refuse or cannot filter nested values. */
export type FlatValue = string | number | boolean;
export type FlatMetadata = Record<string, FlatValue>;

/**
 * Longest value kept, in characters. Stores limit metadata (Pinecone: 40 KB per record), and a
 * filter never needs more; a longer value is cut and ends in "…".
 */
export const MAX_VALUE_CHARS = 2000;

/** Names that would reach an object's prototype instead of being a key of it. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
	return PROTOTYPE_KEYS.has(key);
}

/** True for the first half of a UTF-16 surrogate pair: cutting after it would leave half a character. */
function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}

/** The text cut to MAX_VALUE_CHARS with "…", on a code-point boundary (an emoji is kept whole or left out). */
export function cut(text: string): string {
	if (text.length <= MAX_VALUE_CHARS) return text;
	const end = isHighSurrogate(text.charCodeAt(MAX_VALUE_CHARS - 2)) ? MAX_VALUE_CHARS - 2 : MAX_VALUE_CHARS - 1;
	return `${text.slice(0, end)}…`;
}

function isScalar(value: unknown): value is FlatValue {
	return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** JSON of a nested value with prototype keys dropped, so a stored string never carries them back into an object. */
function safeJson(value: unknown): string {
	return JSON.stringify(value, (key, inner: unknown) => (isPrototypeKey(key) ? undefined : inner)) ?? '';
}

/**
 * One value as a flat scalar: scalars as they are (strings cut to MAX_VALUE_CHARS), a list of
 * scalars joined with ", " (what a "contains" filter reads), anything nested as its JSON text.
 * Undefined for what carries nothing (null, undefined, NaN, an empty list or text).
 */
export function flatValue(value: unknown): FlatValue | undefined {
	if (value === null || value === undefined) return undefined;
	if (isScalar(value)) return typeof value === 'string' ? (value === '' ? undefined : cut(value)) : value;
	if (Array.isArray(value)) {
		if (value.length === 0) return undefined;
		if (value.every((entry) => isScalar(entry))) return cut(value.map(String).join(', '));
		return cut(safeJson(value));
	}
	if (typeof value === 'object') return cut(safeJson(value));
	return undefined;
}

/**
 * Adds `key: value` flattened; a prototype key or an empty value is skipped, so the result is a
 * plain object whose every own key is data.
 */
export function setFlat(target: FlatMetadata, key: string, value: unknown): void {
	if (key === '' || isPrototypeKey(key)) return;
	const flat = flatValue(value);
	if (flat === undefined) return;
	target[key] = flat;
}

/** The metadata without the keys the user leaves out. */
export function withoutKeys(metadata: FlatMetadata, leaveOut: ReadonlySet<string>): FlatMetadata {
	const kept: FlatMetadata = {};
	for (const [key, value] of Object.entries(metadata)) if (!leaveOut.has(key)) setFlat(kept, key, value);
	return kept;
}
