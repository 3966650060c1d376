const MASK = '***';
/** Shorter values (an empty password, a one-letter user) would mask ordinary words, not secrets. */
const MIN_SECRET_LENGTH = 4;

/** A secret as it may appear in a text: as it is, JSON-escaped (in a raw JSON body) and percent-encoded (in a URL). */
function forms(secret: string): string[] {
	const escaped = JSON.stringify(secret).slice(1, -1);
	const encoded = encodeURIComponent(secret);
	// Longest first, so a form that contains another is masked whole.
	return [...new Set([secret, escaped, encoded])].sort((a, b) => b.length - a.length);
}

/**
 * Removes every given secret from a text; used on everything that can reach an error, an item or
 * a log. Must run before the text is cut or escaped: a secret that straddles the cut is no longer
 * found whole, and its first part would be shown (issue 31: 39 of a key's 40 characters).
 */
export function redact(text: string, secrets: Array<string | undefined>): string {
	let result = text;
	for (const secret of secrets) {
		if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
		for (const form of forms(secret)) result = result.split(form).join(MASK);
	}
	return result;
}

/** A parsed JSON value with every string (keys included) redacted: done before it is shortened to text. */
export function redactValue(value: unknown, secrets: Array<string | undefined>, depth = 0): unknown {
	if (typeof value === 'string') return redact(value, secrets);
	if (typeof value !== 'object' || value === null) return value;
	// Deeper than any error body needs: kept as redacted text rather than passed on unread.
	if (depth > 32) return redact(JSON.stringify(value) ?? '', secrets);
	if (Array.isArray(value)) return value.map((entry) => redactValue(entry, secrets, depth + 1));
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [redact(key, secrets), redactValue(entry, secrets, depth + 1)]));
}

/**
 * What an address that did not parse may show of itself: its scheme and host, never what comes
 * before an `@` (a password may hold `/`, `@` or `:` unencoded, so no pattern can tell where it ends).
 */
export function addressWithoutCredentials(raw: string): string {
	const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0] ?? '';
	const rest = raw.slice(scheme.length);
	const host = rest.includes('@') ? rest.slice(rest.lastIndexOf('@') + 1) : rest;
	return `${scheme}${host.split(/[/?#]/)[0] ?? ''}`.slice(0, 200);
}
