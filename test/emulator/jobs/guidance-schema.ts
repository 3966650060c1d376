/**
 * The service derives a schema from plain-language extraction guidance. The emulator does the
 * same deterministically: each phrase of the guidance ("the invoice number, the customer and the
 * total amount") becomes one field, named by its words, typed by its last word.
 */

const LEADING_WORDS = new Set([
	'extract', 'get', 'find', 'list', 'return', 'give', 'pull', 'capture', 'identify', 'collect', 'read', 'me', 'please', 'also',
	'all', 'the', 'a', 'an', 'its', 'their', 'each', 'every', 'any', 'of', 'out',
]);
/** A phrase ends where a qualifier starts: "the people it names" is about people. */
const QUALIFIERS = new Set(['that', 'which', 'who', 'whom', 'it', 'they', 'in', 'from', 'on', 'for', 'mentioned', 'named', 'listed', 'if', 'when', 'where', 'as']);
const ARTICLES = new Set(['the', 'a', 'an']);
const NUMERIC_WORDS = new Set(['amount', 'total', 'price', 'cost', 'sum', 'count', 'quantity', 'balance', 'subtotal', 'tax', 'age']);
const MAX_WORDS = 4;

export type DerivedSchema = { type: 'object'; properties: Record<string, Record<string, unknown>> };

function fieldWords(phrase: string): string[] {
	const words = phrase.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
	let start = 0;
	while (start < words.length && LEADING_WORDS.has(words[start] ?? '')) start++;
	const kept: string[] = [];
	for (const word of words.slice(start)) {
		if (QUALIFIERS.has(word)) break;
		if (!ARTICLES.has(word)) kept.push(word);
	}
	// "the document title" is the title; the document is what every field is about.
	while (kept.length > 1 && ['document', 'document’s', 'file'].includes(kept[0] ?? '')) kept.shift();
	return kept.slice(0, MAX_WORDS);
}

function isPlural(word: string): boolean {
	return word === 'people' || word === 'parties' || (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word));
}

function fieldSchema(words: string[]): Record<string, unknown> {
	const last = words[words.length - 1] ?? '';
	if (NUMERIC_WORDS.has(last)) return { type: 'number' };
	if (isPlural(last)) return { type: 'array', items: { type: 'string' } };
	if (last === 'date' || words.includes('date')) return { type: 'string', format: 'date' };
	return { type: 'string' };
}

/** An object schema with one field per phrase of the guidance, in the guidance's order. */
export function schemaFromGuidance(guidance: string): DerivedSchema {
	const properties: Record<string, Record<string, unknown>> = {};
	const phrases = guidance.split(/[,;:\n]|\.(?:\s|$)|\band\b|\bas well as\b|\bplus\b/iu);
	for (const phrase of phrases) {
		const words = fieldWords(phrase);
		if (words.length === 0) continue;
		const key = words.join('_');
		if (!(key in properties)) properties[key] = fieldSchema(words);
	}
	if (Object.keys(properties).length === 0) properties.summary = { type: 'string' };
	return { type: 'object', properties };
}
