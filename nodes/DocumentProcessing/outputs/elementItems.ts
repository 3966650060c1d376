// outputs/ owns turning what a job produced into n8n items: element items (this file), the
// elements' text (elementText.ts, textItems.ts) and the content of an output file
// (outputContent.ts). It may import helpers/ and n8n-workflow, nothing of the layers that use it.

import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { extractedRecords } from './outputContent';

/** One downloaded output file: what one pipeline node produced for one input file. */
export interface OutputFile {
	job_id: string;
	file_id: string;
	node_id: string;
	/** Known when the upload's names were at hand, or read from the elements' metadata. */
	input_file_name?: string;
	/** The file as the service sent it (any JSON); binary output writes it unchanged. */
	content: unknown;
	/** Set when the file is an element array. */
	elements?: IDataObject[];
	/** Set when the file is, or carries, the output of a structured-data extractor. */
	extracted_data?: unknown;
}

export type OutputShape = 'elements' | 'files';

/** The input file's name as the elements record it, for downloads made without the upload at hand. */
export function fileNameFromElements(elements: IDataObject[]): string | undefined {
	for (const element of elements) {
		const metadata = element.metadata as IDataObject | undefined;
		if (typeof metadata?.filename === 'string') return metadata.filename;
	}
	return undefined;
}

/** Where an output came from: the fields every per-file item starts with. */
export function outputOrigin(file: OutputFile): IDataObject {
	return {
		job_id: file.job_id,
		file_id: file.file_id,
		node_id: file.node_id,
		...(file.input_file_name ? { input_file_name: file.input_file_name } : {}),
	};
}

/** The per-file item: origin, then the extracted data and the elements, whichever the file has. */
function fileJson(file: OutputFile): IDataObject {
	const json = outputOrigin(file);
	if (file.extracted_data !== undefined) json.extracted_data = file.extracted_data as IDataObject;
	if (file.elements) {
		json.element_count = file.elements.length;
		json.elements = file.elements;
	}
	return json;
}

/**
 * Elements pass through untouched: one item per element, or one item per file. A file of
 * extracted data alone has no elements, so "one item per element" gives one item per extracted
 * record instead, each with its origin so it can be traced to its input file.
 */
export function outputItems(
	files: OutputFile[],
	shape: OutputShape,
	pairedItemFor: (file: OutputFile) => IPairedItemData | IPairedItemData[],
): INodeExecutionData[] {
	if (shape === 'files') return files.map((file) => ({ json: fileJson(file), pairedItem: pairedItemFor(file) }));
	return files.flatMap((file) => {
		if (file.elements) return file.elements.map((element) => ({ json: element, pairedItem: pairedItemFor(file) }));
		return extractedRecords(file.extracted_data).map((record) => ({
			json: { ...outputOrigin(file), extracted_data: record as IDataObject },
			pairedItem: pairedItemFor(file),
		}));
	});
}
