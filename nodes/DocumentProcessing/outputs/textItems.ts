import type { INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { contentToText, type TextOptions } from './elementText';
import { outputOrigin, type OutputFile } from './elementItems';

/** Downloaded outputs in the Text shape: one item per output file, its content as one text. */
export function outputTextItems(
	files: OutputFile[],
	options: TextOptions,
	pairedItemFor: (file: OutputFile) => IPairedItemData | IPairedItemData[],
): INodeExecutionData[] {
	return files.map((file) => ({
		json: { ...outputOrigin(file), ...contentToText({ elements: file.elements, extractedData: file.extracted_data }, options) },
		pairedItem: pairedItemFor(file),
	}));
}
