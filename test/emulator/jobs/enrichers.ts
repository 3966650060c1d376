import type { JobNodeSpec } from './job-types';
import type { Element } from '../partition/types';
import { tableHtml } from '../partition/classify';

type Enricher = (elements: Element[], node: JobNodeSpec) => Element[];

function copy(element: Element, extra: Record<string, unknown>): Element {
	return { ...element, metadata: { ...element.metadata, ...extra } };
}

function modelOf(node: JobNodeSpec): string {
	const model = node.settings?.model;
	return typeof model === 'string' ? model : 'default-model';
}

const imageDescription: Enricher = (elements, node) =>
	elements.map((element) =>
		element.type === 'Image'
			? copy(element, { image_description: `An image on page ${element.metadata.page_number}: ${element.text} (described by ${modelOf(node)})` })
			: element,
	);

const tableToHtml: Enricher = (elements) =>
	elements.map((element) =>
		element.type === 'Table'
			? copy(element, { text_as_html: element.metadata.text_as_html ?? tableHtml([element.text.split(/\s+/)]) })
			: element,
	);

const tableDescription: Enricher = (elements, node) =>
	elements.map((element) =>
		element.type === 'Table'
			? copy(element, { table_description: `A table with the content: ${element.text.slice(0, 200)} (described by ${modelOf(node)})` })
			: element,
	);

/**
 * Runs of capitalised words stand in for named entities; a single capitalised word that
 * opens a sentence is skipped, since grammar and not a name made it capitalised.
 */
export function capitalisedEntities(text: string): string[] {
	const found = new Set<string>();
	for (const match of text.matchAll(/\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*/gu)) {
		const run = match[0];
		const index = match.index ?? 0;
		if (index > 0 && /[\p{L}\d]/u.test(text[index - 1] ?? '')) continue;
		const opensSentence = index === 0 || /[.!?]\s+$/.test(text.slice(0, index));
		if (opensSentence && !/\s/.test(run)) continue;
		found.add(run);
	}
	return [...found];
}

const namedEntities: Enricher = (elements) =>
	elements.map((element) =>
		copy(element, { entities: { items: capitalisedEntities(element.text).map((entity) => ({ entity, type: 'PROPER_NOUN' })), relationships: [] } }),
	);

const unchanged: Enricher = (elements) => elements;

export function enricherFor(node: JobNodeSpec): Enricher {
	switch (node.subtype) {
		case 'provider_image_description':
			return imageDescription;
		case 'twopass_table2html':
			return tableToHtml;
		case 'provider_table_description':
			return tableDescription;
		case 'provider_ner':
			return namedEntities;
		default:
			return unchanged;
	}
}
