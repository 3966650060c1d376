import { isPlainObject } from '../http/body';
import { elementId } from '../partition/elements';
import type { Element } from '../partition/types';
import { capitalisedEntities } from './enrichers';
import { schemaFromGuidance } from './guidance-schema';
import { parseJsonSchemaSetting } from './job-nodes';
import type { InputFile, JobNodeSpec } from './job-types';

/** The service's documented default when a node names no output mode. */
export const SERVICE_DEFAULT_OUTPUT_MODE = 'elements_with_extracted_data';

type Schema = Record<string, unknown>;
interface Found {
	value: unknown;
	/** Whether the value was read from a labelled line of the document, not a fallback. */
	labelled: boolean;
}

const MAX_DEPTH = 6;
const TITLE_KEYS = new Set(['title', 'name', 'heading', 'subject', 'document_title']);
const SUMMARY_KEYS = new Set(['summary', 'description', 'abstract', 'text']);
const ENTITY_KEYS = /(people|persons|names|entities|parties|organi[sz]ations|companies)$/;
const PERSON_KEYS = /(people|persons|names)$/;
const LABELLED_LINE = /^\s*[\p{L}\d ]{1,40}:/u;

function schemaType(schema: Schema): string | undefined {
	if (typeof schema.type === 'string') return schema.type;
	if (Array.isArray(schema.type)) return schema.type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
	if (isPlainObject(schema.properties)) return 'object';
	if (schema.items !== undefined) return 'array';
	return undefined;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ways a document may label a field: `total_due`, `totalDue` and a schema `title` all read as "total due". */
function labelsFor(key: string, schema: Schema): string[] {
	const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim();
	const labels = [spaced];
	if (typeof schema.title === 'string') labels.push(schema.title.toLowerCase());
	return labels.filter((label) => label !== '');
}

/** Where the next label of a run of "Label: value" pairs starts ("… Example Corp Invoice date: …"). */
const NEXT_LABEL = /\s+\p{Lu}\p{Ll}*(?:\s\p{Ll}+){0,2}\s*:/u;

/**
 * "Label: value" (also "**Label** – value", "Label due: value") in the document; partitioning
 * joins a paragraph's lines, so several pairs may share one text and a value ends at the next label.
 */
function labelledValue(key: string, schema: Schema, lines: string[]): string | undefined {
	for (const label of labelsFor(key, schema)) {
		const start = new RegExp(`(?:^|\\s)(?:[-*•]\\s*)?\\**${escapeRegExp(label)}\\b[^:=\\n]{0,30}?\\**\\s*[:=–]\\s*`, 'iu');
		for (const line of lines) {
			const match = start.exec(line);
			if (!match) continue;
			const value = line.slice(match.index + match[0].length).split(NEXT_LABEL)[0]?.trim();
			if (value) return value;
		}
	}
	return undefined;
}

function coerce(raw: string, schema: Schema): unknown {
	if (Array.isArray(schema.enum)) return schema.enum.find((entry) => String(entry).toLowerCase() === raw.toLowerCase() || raw.toLowerCase().includes(String(entry).toLowerCase())) ?? null;
	switch (schemaType(schema)) {
		case 'number':
		case 'integer': {
			const match = /-?\d[\d,]*(?:\.\d+)?/.exec(raw);
			if (!match) return null;
			const number = Number(match[0].replace(/,/g, ''));
			return schemaType(schema) === 'integer' ? Math.round(number) : number;
		}
		case 'boolean':
			if (/^(yes|true|paid|y|1)\b/i.test(raw)) return true;
			return /^(no|false|unpaid|n|0)\b/i.test(raw) ? false : null;
		case 'string':
			if (schema.format === 'date') return /\d{4}-\d{2}-\d{2}/.exec(raw)?.[0] ?? raw;
			return raw;
		default:
			return raw;
	}
}

function fallback(key: string, schema: Schema, elements: Element[]): unknown {
	const lower = key.toLowerCase();
	if (schemaType(schema) === 'array') return ENTITY_KEYS.test(lower) ? entities(elements, PERSON_KEYS.test(lower)) : [];
	if (schemaType(schema) !== 'string') return null;
	if (TITLE_KEYS.has(lower)) return elements.find((element) => element.type === 'Title')?.text ?? null;
	if (SUMMARY_KEYS.has(lower)) return elements.find((element) => element.type === 'NarrativeText')?.text ?? null;
	return null;
}

/** Names in running text (titles and "Label: value" lines are not prose); people's names have two words or more. */
function entities(elements: Element[], peopleOnly: boolean): string[] {
	const lines = elements
		.filter((element) => element.type !== 'Title')
		.flatMap((element) => element.text.split(/\r?\n/))
		.filter((line) => !LABELLED_LINE.test(line));
	const found = new Set(lines.flatMap((line) => capitalisedEntities(line)));
	return [...found].filter((entity) => !peopleOnly || /\s/.test(entity));
}

/** Elements grouped under each Title (what precedes the first Title is a group of its own). */
function sections(elements: Element[]): Element[][] {
	const groups: Element[][] = [];
	for (const element of elements) {
		if (element.type === 'Title' || groups.length === 0) groups.push([]);
		groups[groups.length - 1]?.push(element);
	}
	return groups;
}

/** One record per section that has at least one labelled value for the item schema. */
function records(itemSchema: Schema, elements: Element[], depth: number): unknown[] {
	return sections(elements)
		.map((section) => fill('item', itemSchema, section, depth + 1))
		.filter((found) => found.labelled)
		.map((found) => found.value);
}

function fill(key: string, schema: Schema, elements: Element[], depth: number): Found {
	if (depth > MAX_DEPTH) return { value: null, labelled: false };
	const type = schemaType(schema);
	if (type === 'object') {
		const properties = isPlainObject(schema.properties) ? schema.properties : {};
		const value: Record<string, unknown> = {};
		let labelled = false;
		for (const [name, property] of Object.entries(properties)) {
			const found = fill(name, isPlainObject(property) ? property : {}, elements, depth + 1);
			value[name] = found.value;
			labelled ||= found.labelled;
		}
		return { value, labelled };
	}
	const lines = elements.flatMap((element) => element.text.split(/\r?\n/));
	if (type === 'array') {
		const items = isPlainObject(schema.items) ? schema.items : {};
		if (schemaType(items) === 'object') {
			const found = records(items, elements, depth);
			return { value: found, labelled: found.length > 0 };
		}
		const raw = labelledValue(key, schema, lines);
		if (raw === undefined) return { value: fallback(key, schema, elements), labelled: false };
		return { value: raw.split(/\s*(?:[,;]|\band\b)\s*/).filter(Boolean).map((part) => coerce(part, items)), labelled: true };
	}
	const raw = labelledValue(key, schema, lines);
	return raw === undefined ? { value: fallback(key, schema, elements), labelled: false } : { value: coerce(raw, schema), labelled: true };
}

/** The schema the node asks for: its JSON Schema, or one derived from its guidance. */
function schemaOf(node: JobNodeSpec): Schema {
	const setting = isPlainObject(node.settings?.schema_to_extract) ? node.settings.schema_to_extract : {};
	if (typeof setting.extraction_guidance === 'string') return schemaFromGuidance(setting.extraction_guidance);
	const parsed = parseJsonSchemaSetting(setting.json_schema);
	return typeof parsed === 'string' ? {} : parsed;
}

/**
 * What an LLM extraction would return, read from the document instead: each field from a line
 * labelled with its name ("Total due: 120 EUR" fills `total`), a title from the first Title, an
 * array of objects from the sections (one record per titled section with labelled values).
 */
export function extractData(node: JobNodeSpec, elements: Element[]): unknown {
	return fill('document', schemaOf(node), elements, 0).value;
}

export interface ExtractorOutput {
	/** The output file as the service writes it. */
	content: unknown;
	/** What the next node of the pipeline works on. */
	elements: Element[];
}

export type ExtractionCarrier = 'document_data' | 'first_element';

/** The documented output modes: the extracted JSON alone, or the elements led by a DocumentData element carrying it. */
export function runExtractor(node: JobNodeSpec, elements: Element[], file: InputFile, carrier: ExtractionCarrier = 'document_data'): ExtractorOutput {
	const data = extractData(node, elements);
	const mode = node.settings?.output_mode ?? SERVICE_DEFAULT_OUTPUT_MODE;
	if (mode === 'extracted_data_only') return { content: data, elements };
	if (carrier === 'first_element' && elements.length > 0) {
		const carried = elements.map((element, index) => (index === 0 ? { ...element, metadata: { ...element.metadata, extracted_data: data } } : element));
		return { content: carried, elements: carried };
	}
	const first = elements[0]?.metadata;
	const filename = first?.filename ?? file.filename;
	const documentData: Element = {
		type: 'DocumentData',
		// Deterministic like every element id: the same file and data give the same id.
		element_id: elementId(`DocumentData:${filename}:${JSON.stringify(data)}`, false),
		text: '',
		metadata: {
			filename,
			filetype: first?.filetype ?? file.content_type,
			page_number: 1,
			languages: first?.languages ?? ['eng'],
			extracted_data: data,
		},
	};
	const withData = [documentData, ...elements];
	return { content: withData, elements: withData };
}
