import { createHash, randomUUID } from 'node:crypto';
import type { Block, Box, Coordinates, Element, ElementMetadata, PartitionOptions } from './types';

export function textHash(text: string): string {
	return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The spec's rule: SHA-256 of the text (equal texts share an id), or a random UUID when asked for unique ids. */
export function elementId(text: string, unique: boolean): string {
	return unique ? randomUUID() : textHash(text);
}

// Layout of a US Letter page at 200 dpi, used for formats that have no real geometry.
const SYNTHETIC_LAYOUT = { width: 1700, height: 2200 };

function syntheticBox(indexOnPage: number, text: string): Box {
	const lineHeight = 60;
	return {
		x: 100,
		y: 100 + ((indexOnPage * lineHeight) % (SYNTHETIC_LAYOUT.height - 200)),
		width: Math.min(1500, Math.max(20, text.length * 10)),
		height: 40,
		layoutWidth: SYNTHETIC_LAYOUT.width,
		layoutHeight: SYNTHETIC_LAYOUT.height,
	};
}

const round = (value: number): number => Math.round(value * 100) / 100;

export function toCoordinates(box: Box): Coordinates {
	const x1 = round(box.x);
	const y1 = round(box.y);
	const x2 = round(box.x + box.width);
	const y2 = round(box.y + box.height);
	return {
		points: [
			[x1, y1],
			[x1, y2],
			[x2, y2],
			[x2, y1],
		],
		system: 'PixelSpace',
		layout_width: round(box.layoutWidth),
		layout_height: round(box.layoutHeight),
	};
}

export interface FileFacts {
	filename: string;
	filetype: string;
}

export function baseMetadata(file: FileFacts, pageNumber: number, options: PartitionOptions): ElementMetadata {
	return { filename: file.filename, filetype: file.filetype, page_number: pageNumber, languages: [...options.languages] };
}

export function blocksToElements(blocks: Block[], file: FileFacts, options: PartitionOptions): Element[] {
	const perPage = new Map<number, number>();
	let parentId: string | undefined;
	return blocks.map((block) => {
		const indexOnPage = perPage.get(block.pageNumber) ?? 0;
		perPage.set(block.pageNumber, indexOnPage + 1);
		const id = elementId(block.text, options.uniqueElementIds);
		const metadata = baseMetadata(file, block.pageNumber, options);
		if (block.html !== undefined) metadata.text_as_html = block.html;
		if (block.depth !== undefined) metadata.category_depth = block.depth;
		if (block.type === 'Title') parentId = id;
		else if (parentId !== undefined) metadata.parent_id = parentId;
		if (options.coordinates) metadata.coordinates = toCoordinates(block.box ?? syntheticBox(indexOnPage, block.text));
		return { type: block.type, element_id: id, text: block.text, metadata };
	});
}
