const MASK = '***';

/** Removes every given secret from a text; used on everything that can reach an error or output. */
export function redact(text: string, secrets: Array<string | undefined>): string {
	let result = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) result = result.split(secret).join(MASK);
	}
	return result;
}
