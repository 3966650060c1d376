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

export interface ChunkingOptions {
	strategy: 'by_title' | 'basic';
	maxCharacters: number;
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
