import { baseMetadata, elementId, type FileFacts } from './elements';
import type { ChunkingOptions, Element, PartitionOptions } from './types';

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

/**
 * `by_title`: a Title always opens a new chunk; elements are packed into CompositeElements
 * up to max_characters; an element longer than that is split; tables are never mixed with
 * text (Table, or TableChunk pieces). `basic` packs the same way without title boundaries.
 */
export function chunkElements(elements: Element[], chunking: ChunkingOptions, file: FileFacts, options: PartitionOptions): Element[] {
	const max = chunking.maxCharacters;
	const chunks: Element[] = [];
	let text = '';
	let page = 0;

	const emit = (type: string, chunkText: string, pageNumber: number, html?: string): void => {
		const metadata = baseMetadata(file, pageNumber, options);
		if (html !== undefined) metadata.text_as_html = html;
		chunks.push({ type, element_id: elementId(chunkText, options.uniqueElementIds), text: chunkText, metadata });
	};
	const flush = (): void => {
		if (text !== '') emit('CompositeElement', text, page);
		text = '';
	};
	const append = (piece: string, pageNumber: number): void => {
		if (text !== '' && text.length + SEPARATOR.length + piece.length <= max) {
			text += SEPARATOR + piece;
			return;
		}
		flush();
		text = piece;
		page = pageNumber;
	};

	for (const element of elements) {
		const pageNumber = element.metadata.page_number;
		if (element.type === 'Table') {
			flush();
			const pieces = splitText(element.text, max);
			if (pieces.length === 1) emit('Table', pieces[0] ?? '', pageNumber, element.metadata.text_as_html);
			else for (const piece of pieces) emit('TableChunk', piece, pageNumber);
			continue;
		}
		if (element.type === 'Title' && chunking.strategy === 'by_title') flush();
		for (const piece of splitText(element.text, max)) append(piece, pageNumber);
	}
	flush();
	return chunks;
}
