import { InputProblem } from '../helpers/inputProblem';

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

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Offset of the first character that breaks the JSON grammar (the text's length when it stops too
 * early). V8's own messages give no offset for most mistakes and quote the text instead.
 */
export function jsonErrorOffset(text: string): number | undefined {
	let at = 0;
	const fail = (): never => {
		throw new RangeError(String(at));
	};
	const skipWhitespace = () => {
		while (at < text.length && WHITESPACE.has(text[at])) at++;
	};
	const string = () => {
		at++; // opening quote
		while (at < text.length) {
			const char = text[at];
			if (char === '"') {
				at++;
				return;
			}
			if (char === '\\') {
				const next = text[at + 1];
				if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
				else if (next !== undefined && ESCAPES.has(next)) at += 2;
				else {
					at++;
					fail();
				}
			} else if (char < ' ') fail();
			else at++;
		}
		fail();
	};
	const value = (): void => {
		skipWhitespace();
		const char = text[at];
		if (char === '{' || char === '[') {
			const close = char === '{' ? '}' : ']';
			at++;
			skipWhitespace();
			if (text[at] === close) {
				at++;
				return;
			}
			for (;;) {
				if (close === '}') {
					skipWhitespace();
					if (text[at] !== '"') fail();
					string();
					skipWhitespace();
					if (text[at] !== ':') fail();
					at++;
				}
				value();
				skipWhitespace();
				if (text[at] === ',') at++;
				else if (text[at] === close) {
					at++;
					return;
				} else fail();
			}
		}
		if (char === '"') return string();
		for (const literal of ['true', 'false', 'null']) {
			if (text.startsWith(literal, at)) {
				at += literal.length;
				return;
			}
		}
		NUMBER.lastIndex = at;
		if (NUMBER.exec(text)) at = NUMBER.lastIndex;
		else fail();
	};
	try {
		value();
		skipWhitespace();
		if (at < text.length) fail();
		return undefined;
	} catch (error) {
		// Very deep nesting overflows the stack: then the place stays unknown.
		return error instanceof RangeError && /^\d+$/.test(error.message) ? Number(error.message) : undefined;
	}
}

/** Parses JSON; on failure returns where it broke, never what the text was. */
export function parseJsonQuietly(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
	if (text.trim() === '') return { ok: false, problem: { where: 'the text is empty' } };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		const offset = jsonErrorOffset(text);
		if (offset === undefined) return { ok: false, problem: { where: 'position unknown' } };
		if (offset >= text.length) return { ok: false, problem: { where: 'the text ends too early' } };
		return { ok: false, problem: { where: lineAndColumn(text, offset) } };
	}
}

const BOM = '\uFEFF';

/** A secret file's bytes as UTF-8 text (the envelope rules encrypt the UTF-8 secret); a leading BOM is dropped. */
export function decodeSecretBytes(bytes: Buffer): string {
	let text: string | undefined;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		text = undefined;
	}
	if (text === undefined) throw new InputProblem('the file is not UTF-8 text');
	return text.startsWith(BOM) ? text.slice(1) : text;
}
