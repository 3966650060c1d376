import { deflateSync, gzipSync } from 'node:zlib';
import { baseMetadata, elementId, type FileFacts } from './elements';
import type { ChunkingOptions, Element, OrigElementsEncoding, PartitionOptions } from './types';

const SEPARATOR = '\n\n';

/** Cuts text into pieces of at most `max` characters, preferring to cut at whitespace. */
export function splitText(text: string, max: number): string[] {
	const pieces: string[] = [];
	let rest = text.trim();
	while (rest.length > max) {
		let cut = rest.lastIndexOf(' ', max);
		if (cut <= 0) cut = max;
		pieces.push(rest.slice(0, cut).trim());
		rest = rest.slice(cut).trim();
	}
	if (rest !== '') pieces.push(rest);
	return pieces;
}

/** The words of a text, for by_similarity's stand-in for embeddings (the emulator has no model). */
function wordSet(text: string): Set<string> {
	return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

/** Jaccard similarity of two texts' words: 1 for the same words, 0 for none shared. */
function similarity(a: string, b: string): number {
	const left = wordSet(a);
	const right = wordSet(b);
	if (left.size === 0 || right.size === 0) return 0;
	let shared = 0;
	for (const word of left) if (right.has(word)) shared += 1;
	return shared / (left.size + right.size - shared);
}

/** Whether `next` opens a new section under the strategy (tables are handled apart). */
function opensSection(previous: Element | undefined, next: Element, options: ChunkingOptions): boolean {
	if (previous === undefined) return true;
	const pageBreak = previous.metadata.page_number !== next.metadata.page_number;
	switch (options.strategy) {
		case 'by_title':
			return next.type === 'Title' || (!options.multipageSections && pageBreak);
		case 'by_page':
			return pageBreak;
		case 'by_similarity':
			return similarity(previous.text, next.text) < options.similarityThreshold;
		default:
			return false;
	}
}

/** A run of whole elements that may share a chunk; a table is always a section of its own. */
interface Section {
	elements: Element[];
	table: boolean;
}

function sectionsOf(elements: Element[], options: ChunkingOptions): Section[] {
	const sections: Section[] = [];
	let current: Section | undefined;
	let previous: Element | undefined;
	for (const element of elements) {
		const table = element.type === 'Table';
		if (table || current === undefined || current.table || opensSection(previous, element, options)) {
			current = { elements: [], table };
			sections.push(current);
		}
		current.elements.push(element);
		previous = element;
	}
	return sections;
}

const textLength = (section: Section): number => section.elements.reduce((sum, element, index) => sum + element.text.length + (index ? SEPARATOR.length : 0), 0);

/**
 * by_title's combine_under_n_chars: a section shorter than the limit takes in the sections after
 * it while it is still shorter and the whole stays within max_characters (tables never merge,
 * and by_title's page breaks still hold when sections may not span pages).
 */
function combineSmall(sections: Section[], options: ChunkingOptions): Section[] {
	if (options.strategy !== 'by_title' || options.combineUnderNChars <= 0) return sections;
	const combined: Section[] = [];
	for (const section of sections) {
		const last = combined[combined.length - 1];
		const samePage = (): boolean => options.multipageSections || last?.elements[0]?.metadata.page_number === section.elements[0]?.metadata.page_number;
		const joined = last ? textLength(last) + SEPARATOR.length + textLength(section) : 0;
		if (last && !last.table && !section.table && textLength(last) < options.combineUnderNChars && joined <= options.maxCharacters && samePage()) {
			last.elements.push(...section.elements);
		} else combined.push({ elements: [...section.elements], table: section.table });
	}
	return combined;
}

const tail = (text: string, overlap: number): string => (overlap > 0 ? text.slice(-overlap).trimStart() : '');

/**
 * Each chunk's elements as the service returns them: base64 of the JSON array compressed with
 * zlib (`elements_to_base64_gzipped_json` in the service's library calls `zlib.compress`, RFC
 * 1950, despite its name), or gzip (RFC 1952) when the emulator is set to `orig_elements_encoding: gzip`.
 */
export function encodeOrigElements(elements: Element[], encoding: OrigElementsEncoding): string {
	const json = Buffer.from(JSON.stringify(elements), 'utf8');
	return (encoding === 'gzip' ? gzipSync(json) : deflateSync(json)).toString('base64');
}

/**
 * The service's chunking strategies: `by_title` (a Title opens a section; small sections are
 * combined), `by_page` (a page opens one), `by_similarity` (a drop in word similarity opens one:
 * the emulator's stand-in for the service's embeddings), `basic` (no section boundaries). Within
 * a section, whole elements are packed up to new_after_n_chars (soft) and max_characters (hard);
 * a longer element is split into pieces, each piece after the first starting with the `overlap`
 * tail of the one before (every chunk with `overlap_all`). Tables are never mixed with text
 * (Table, or TableChunk pieces). Each chunk keeps its first element's page number.
 */
export function chunkElements(elements: Element[], chunking: ChunkingOptions, file: FileFacts, options: PartitionOptions): Element[] {
	const max = chunking.maxCharacters;
	const soft = Math.min(chunking.newAfterNChars, max);
	const chunks: Element[] = [];
	let previousText = '';

	const emit = (type: string, chunkText: string, members: Element[], split: boolean, html?: string): void => {
		const overlapped = (split || chunking.overlapAll) && previousText !== '' ? tail(previousText, chunking.overlap) : '';
		const textOut = overlapped ? `${overlapped} ${chunkText}` : chunkText;
		const metadata = baseMetadata(file, members[0]?.metadata.page_number ?? options.startingPageNumber, options);
		if (html !== undefined) metadata.text_as_html = html;
		if (chunking.includeOrigElements) metadata.orig_elements = encodeOrigElements(members, chunking.origElementsEncoding);
		chunks.push({ type, element_id: elementId(textOut, options.uniqueElementIds), text: textOut, metadata });
		previousText = chunkText;
	};

	for (const section of combineSmall(sectionsOf(elements, chunking), chunking)) {
		if (section.table) {
			const table = section.elements[0] as Element;
			const pieces = splitText(table.text, max);
			if (pieces.length === 1) emit('Table', pieces[0] ?? '', [table], false, table.metadata.text_as_html);
			else pieces.forEach((piece, index) => emit('TableChunk', piece, [table], index > 0));
			continue;
		}
		let text = '';
		let members: Element[] = [];
		const flush = (): void => {
			if (text !== '') emit('CompositeElement', text, members, false);
			text = '';
			members = [];
		};
		for (const element of section.elements) {
			const pieces = splitText(element.text, max);
			if (pieces.length > 1) {
				flush();
				pieces.forEach((piece, index) => emit('CompositeElement', piece, [element], index > 0));
				continue;
			}
			const piece = pieces[0] ?? '';
			if (text !== '' && (text.length >= soft || text.length + SEPARATOR.length + piece.length > max)) flush();
			text = text === '' ? piece : text + SEPARATOR + piece;
			members.push(element);
		}
		flush();
	}
	return chunks;
}
