import { fileNameFromElements, type OutputFile } from '../helpers/elementItems';
import { readOutputContent } from '../helpers/outputContent';
import type { CallContext } from '../transport';
import { downloadOutput } from './jobs';
import type { Job, OutputNodeFile } from './schemas';

export interface OutputSelection {
	/** Only the files of the pipeline's last node (the final result), not intermediate nodes'. */
	lastNodeOnly?: boolean;
	/** One file id instead of all. */
	fileId?: string;
	/** Input file names by input file id, when the caller uploaded the files itself. */
	fileNames?: Record<string, string>;
	concurrency?: number;
}

/** The service lists output files node by node in pipeline order, so the last node is the last listed. */
export function selectOutputFiles(job: Job, selection: OutputSelection): OutputNodeFile[] {
	let files = job.output_node_files ?? [];
	if (selection.fileId !== undefined) files = files.filter((file) => file.file_id === selection.fileId);
	if (selection.lastNodeOnly && files.length > 0) {
		const lastNode = files[files.length - 1].node_id;
		files = files.filter((file) => file.node_id === lastNode);
	}
	return files;
}

/** Downloads the selected outputs of a completed job, a few at a time, in the job's order. */
export async function downloadJobOutputs(call: CallContext, job: Job, selection: OutputSelection = {}): Promise<OutputFile[]> {
	const wanted = selectOutputFiles(job, selection);
	const results = new Array<OutputFile>(wanted.length);
	let next = 0;
	const lanes = Array.from({ length: Math.min(selection.concurrency ?? 4, wanted.length) }, async () => {
		while (next < wanted.length) {
			const index = next++;
			const { file_id, node_id } = wanted[index];
			const content = await downloadOutput(call, job.id, file_id, node_id);
			const { elements, extractedData } = readOutputContent(content);
			const file: OutputFile = { job_id: job.id, file_id, node_id, content };
			const name = selection.fileNames?.[file_id] ?? fileNameFromElements(elements ?? []);
			if (name !== undefined) file.input_file_name = name;
			if (elements) file.elements = elements;
			if (extractedData !== undefined) file.extracted_data = extractedData;
			results[index] = file;
		}
	});
	await Promise.all(lanes);
	return results;
}
