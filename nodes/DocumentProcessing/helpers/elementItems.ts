import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

/** One downloaded output file: what one pipeline node produced for one input file. */
export interface OutputFile {
	job_id: string;
	file_id: string;
	node_id: string;
	/** Known when the upload's names were at hand, or read from the elements' metadata. */
	input_file_name?: string;
	elements: IDataObject[];
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

/** Elements pass through untouched: one item per element, or one item per file with its elements. */
export function outputItems(
	files: OutputFile[],
	shape: OutputShape,
	pairedItemFor: (file: OutputFile) => IPairedItemData | IPairedItemData[],
): INodeExecutionData[] {
	if (shape === 'elements') {
		return files.flatMap((file) => file.elements.map((element) => ({ json: element, pairedItem: pairedItemFor(file) })));
	}
	return files.map((file) => ({
		json: {
			job_id: file.job_id,
			file_id: file.file_id,
			node_id: file.node_id,
			...(file.input_file_name ? { input_file_name: file.input_file_name } : {}),
			element_count: file.elements.length,
			elements: file.elements,
		},
		pairedItem: pairedItemFor(file),
	}));
}
