/**
 * Secret values are handled here without ever copying them into a message: V8's JSON.parse
 * errors quote the input, so JSON problems are described by line and column only.
 */

export interface JsonProblem {
	/** E.g. `line 3, column 14`, or `the text is empty`. */
	where: string;
}

function lineAndColumn(text: string, position: number): string {
	const before = text.slice(0, position);
	const line = before.split('\n').length;
	const column = position - before.lastIndexOf('\n');
	return `line ${line}, column ${column}`;
}

/** Parses JSON; on failure returns where it broke, never what the text was. */
export function parseJsonQuietly(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
	if (text.trim() === '') return { ok: false, problem: { where: 'the text is empty' } };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch (error) {
		const message = error instanceof Error ? error.message : '';
		const position = /position (\d+)/.exec(message)?.[1];
		if (position !== undefined) return { ok: false, problem: { where: lineAndColumn(text, Number(position)) } };
		// "Unexpected end of JSON input" and similar carry no position: the text stops too early.
		return { ok: false, problem: { where: /end of (JSON )?input/i.test(message) ? 'the text ends too early' : 'position unknown' } };
	}
}

export class SecretTextError extends Error {}

const BOM = '\uFEFF';

/** A secret file's bytes as UTF-8 text (the envelope rules encrypt the UTF-8 secret); a leading BOM is dropped. */
export function decodeSecretBytes(bytes: Buffer): string {
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		throw new SecretTextError('the file is not UTF-8 text');
	}
	return text.startsWith(BOM) ? text.slice(1) : text;
}
