import { chunkElements } from './chunking';
import { detectFileType } from './detect';
import { baseMetadata, blocksToElements, elementId } from './elements';
import { parseHtml } from './html';
import { parseMarkdown } from './markdown';
import { parsePdf } from './pdf';
import { parsePlainText } from './plain-text';
import { PartitionError, type Block, type PartitionInput, type PartitionOptions, type PartitionResult } from './types';

function decodeUtf8(bytes: Buffer): string {
	return bytes.toString('utf8').replace(/^\ufeff/, '');
}

/**
 * A file too big to keep in memory (or named by `unparsed_file_pattern`) is not parsed; it still
 * yields one element so it shows up in the output.
 */
function placeholderForLargeFile(input: PartitionInput, options: PartitionOptions): PartitionResult {
	const text = `${input.filename}: ${input.size} bytes, sha256 ${input.sha256} (not parsed by the emulator: above its parse limit or named unparsed)`;
	const metadata = baseMetadata({ filename: input.filename, filetype: input.content_type || 'application/octet-stream' }, options.startingPageNumber, options);
	return { elements: [{ type: 'UncategorizedText', element_id: elementId(text, options.uniqueElementIds), text, metadata }], pages: 1 };
}

export async function partitionFile(input: PartitionInput, options: PartitionOptions): Promise<PartitionResult> {
	if (input.bytes === null) return placeholderForLargeFile(input, options);
	const filetype = detectFileType(input.content_type, input.filename, input.bytes);
	if (filetype === undefined) {
		throw new PartitionError(
			`unsupported file type for ${input.filename}: ${input.content_type || 'no content type'} (supported: PDF, plain text, Markdown, HTML)`,
		);
	}
	let parsed: { blocks: Block[]; pages: number };
	switch (filetype) {
		case 'application/pdf':
			parsed = await parsePdf(input.bytes, options.startingPageNumber);
			break;
		case 'text/html':
			parsed = parseHtml(decodeUtf8(input.bytes), options.startingPageNumber);
			break;
		case 'text/markdown':
			parsed = parseMarkdown(decodeUtf8(input.bytes), options.startingPageNumber);
			break;
		default:
			parsed = parsePlainText(decodeUtf8(input.bytes), options.startingPageNumber);
	}
	const file = { filename: input.filename, filetype };
	const elements = blocksToElements(parsed.blocks, file, options);
	const result = options.chunking === null ? elements : chunkElements(elements, options.chunking, file, options);
	return { elements: result, pages: parsed.pages };
}

export { PartitionError };
