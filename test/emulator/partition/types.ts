export type ElementType =
	| 'Title'
	| 'NarrativeText'
	| 'ListItem'
	| 'Table'
	| 'Image'
	| 'UncategorizedText'
	| 'CodeSnippet'
	| 'CompositeElement'
	| 'TableChunk';

export type SupportedFileType = 'application/pdf' | 'text/plain' | 'text/markdown' | 'text/html';

/** Bounding box in the page's own layout space (origin top left). */
export interface Box {
	x: number;
	y: number;
	width: number;
	height: number;
	layoutWidth: number;
	layoutHeight: number;
}

/** What a format parser produces before ids and metadata are attached. */
export interface Block {
	type: ElementType;
	text: string;
	pageNumber: number;
	html?: string;
	depth?: number;
	box?: Box;
}

export interface Coordinates {
	points: Array<[number, number]>;
	system: 'PixelSpace';
	layout_width: number;
	layout_height: number;
}

export interface ElementMetadata {
	filename: string;
	filetype: string;
	page_number: number;
	languages: string[];
	coordinates?: Coordinates;
	text_as_html?: string;
	category_depth?: number;
	parent_id?: string;
	[key: string]: unknown;
}

export interface Element {
	type: ElementType | string;
	element_id: string;
	text: string;
	metadata: ElementMetadata;
}

export const ORIG_ELEMENTS_ENCODINGS = ['zlib', 'gzip'] as const;
export type OrigElementsEncoding = (typeof ORIG_ELEMENTS_ENCODINGS)[number];

export type ChunkingStrategy = 'by_title' | 'basic' | 'by_page' | 'by_similarity';

/** The service's chunking parameters (the Python client's PartitionParameters), defaults as documented there. */
export interface ChunkingOptions {
	strategy: ChunkingStrategy;
	/** Hard maximum of a chunk's text (default 500). */
	maxCharacters: number;
	/** Soft maximum: no element is added to a chunk this long (default max_characters). */
	newAfterNChars: number;
	/** by_title: a section shorter than this is combined with the next one (default max_characters). */
	combineUnderNChars: number;
	/** Characters of a split piece's tail that start the next piece (default 0). */
	overlap: number;
	/** Overlap between all chunks, not only the pieces of a split element (default false). */
	overlapAll: boolean;
	/** by_title: whether a section may run over a page break (default true). */
	multipageSections: boolean;
	/** by_similarity: elements less alike than this start a new chunk (default 0.5). */
	similarityThreshold: number;
	/** Each chunk's elements as `metadata.orig_elements`, base64 of compressed JSON (default true). */
	includeOrigElements: boolean;
	/** How they are compressed: zlib as the service does (default), or gzip (the emulator's `orig_elements_encoding`). */
	origElementsEncoding: OrigElementsEncoding;
}

export interface PartitionOptions {
	strategy: string;
	languages: string[];
	coordinates: boolean;
	uniqueElementIds: boolean;
	chunking: ChunkingOptions | null;
	startingPageNumber: number;
}

export const DEFAULT_PARTITION_OPTIONS: Readonly<PartitionOptions> = Object.freeze({
	strategy: 'auto',
	languages: ['eng'],
	coordinates: false,
	uniqueElementIds: false,
	chunking: null,
	startingPageNumber: 1,
});

export interface PartitionInput {
	filename: string;
	content_type: string;
	size: number;
	sha256: string;
	/** null when the file was too big to keep in memory. */
	bytes: Buffer | null;
}

export interface PartitionResult {
	elements: Element[];
	pages: number;
}

/** A file the emulator cannot partition: becomes a 422 (one-shot) or a FAILED job. */
export class PartitionError extends Error {}
