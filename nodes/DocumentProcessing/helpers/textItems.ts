import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { contentToText, type TextOptions } from './elementText';
import type { OutputFile } from './elementItems';

/** The extraction an element carries in `metadata.extracted_data` (a DocumentData element first of all). */
function carriedExtraction(elements: IDataObject[]): unknown {
	const carrier = elements.find((element) => element.type === 'DocumentData') ?? elements.find((element) => (element.metadata as IDataObject | undefined)?.extracted_data !== undefined);
	return (carrier?.metadata as IDataObject | undefined)?.extracted_data;
}

/** Downloaded outputs in the Text shape: one item per output file, its content as one text. */
export function outputTextItems(
	files: OutputFile[],
	options: TextOptions,
	pairedItemFor: (file: OutputFile) => IPairedItemData | IPairedItemData[],
): INodeExecutionData[] {
	return files.map((file) => ({
		json: {
			job_id: file.job_id,
			file_id: file.file_id,
			node_id: file.node_id,
			...(file.input_file_name ? { input_file_name: file.input_file_name } : {}),
			...contentToText({ elements: file.elements, extractedData: carriedExtraction(file.elements) }, options),
		},
		pairedItem: pairedItemFor(file),
	}));
}
