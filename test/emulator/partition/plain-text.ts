import { paragraphToBlocks } from './classify';
import type { Block } from './types';

/** Pages are separated by form feeds, paragraphs by blank lines. */
export function parsePlainText(text: string, startingPageNumber: number): { blocks: Block[]; pages: number } {
	const pages = text.split('\f');
	const blocks: Block[] = [];
	pages.forEach((pageText, index) => {
		const pageNumber = startingPageNumber + index;
		for (const paragraph of pageText.split(/\r?\n\s*\r?\n/)) {
			const lines = paragraph.split(/\r?\n/).filter((line) => line.trim() !== '');
			for (const block of paragraphToBlocks(lines)) blocks.push({ ...block, pageNumber });
		}
	});
	return { blocks, pages: pages.length };
}
