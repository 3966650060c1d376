import { mapLimited } from '../async/concurrency';
import { fileNameFromElements, type OutputFile } from '../outputs/elementItems';
import { readOutputContent } from '../outputs/outputContent';
import type { CallContext } from '../transport';
import { downloadOutput } from './jobs';
import type { Job, OutputNodeFile } from './schemas';
import { largest } from '../helpers/arrays';

/** A pipeline step as the request named it. */
export interface PipelineStep {
	type: string;
	subtype: string;
}

export interface OutputSelection {
	/** Only the files of the pipeline's last node (the final result), not intermediate nodes'. */
	lastNodeOnly?: boolean;
	/** The last step of the request that launched the job, when this node sent it. */
	finalStep?: PipelineStep;
	/** One file id instead of all. */
	fileId?: string;
	/** Input file names by input file id, when the caller uploaded the files itself. */
	fileNames?: Record<string, string>;
	concurrency?: number;
}

// Where a node kind can sit in a pipeline (partition → extract/prompt → chunk → embed → destination).
const STEP_RANK: Record<string, number> = { partition: 0, structured_data_extractor: 1, prompter: 1, chunk: 2, embed: 3, destination: 4 };

function nodeType(file: OutputNodeFile): string | undefined {
	return typeof file.node_type === 'string' ? file.node_type : undefined;
}

/**
 * The pipeline's last node, by identity: the node of the step this node asked for last, else the
 * node whose kind comes latest in a pipeline. The order of `output_node_files` is not documented,
 * so list order only breaks a tie between nodes of one kind (e.g. two prompters).
 */
export function finalNodeId(files: OutputNodeFile[], finalStep?: PipelineStep): string | undefined {
	let candidates = files;
	if (finalStep) {
		const same = files.filter((file) => nodeType(file) === finalStep.type && (file.node_subtype === undefined || file.node_subtype === finalStep.subtype));
		if (same.length > 0) candidates = same;
	}
	if (candidates === files && files.some((file) => nodeType(file) !== undefined)) {
		const rank = (file: OutputNodeFile) => STEP_RANK[nodeType(file) ?? ''] ?? 1;
		const top = largest(files.map(rank), 0);
		candidates = files.filter((file) => rank(file) === top);
	}
	return candidates[candidates.length - 1]?.node_id;
}

export function selectOutputFiles(job: Job, selection: OutputSelection): OutputNodeFile[] {
	let files = job.output_node_files ?? [];
	if (selection.fileId !== undefined) files = files.filter((file) => file.file_id === selection.fileId);
	if (selection.lastNodeOnly && files.length > 0) {
		const lastNode = finalNodeId(job.output_node_files ?? [], selection.finalStep);
		files = files.filter((file) => file.node_id === lastNode);
	}
	return files;
}

/** Downloads the selected outputs of a completed job, a few at a time, in the job's order. */
export async function downloadJobOutputs(call: CallContext, job: Job, selection: OutputSelection = {}): Promise<OutputFile[]> {
	const wanted = selectOutputFiles(job, selection);
	return await mapLimited(wanted.length, selection.concurrency ?? 4, async (index) => {
		const { file_id, node_id } = wanted[index];
		const content = await downloadOutput(call, job.id, file_id, node_id);
		const { elements, extractedData } = readOutputContent(content);
		const file: OutputFile = { job_id: job.id, file_id, node_id, content };
		const name = selection.fileNames?.[file_id] ?? fileNameFromElements(elements ?? []);
		if (name !== undefined) file.input_file_name = name;
		if (elements) file.elements = elements;
		if (extractedData !== undefined) file.extracted_data = extractedData;
		return file;
	});
}
