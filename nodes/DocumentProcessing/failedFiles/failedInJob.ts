import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { PROCESSING_ADVICE } from './jobFiles';
import { nameNotProcessed } from './notProcessed';
import { type FailedFileRecord, withFailedFiles } from './records';

/** An input file of a job, as far as the caller knows it, and the item it belongs to. */
export interface JobInput {
	fileId?: string;
	fileName?: string;
	itemIndex: number;
}

/** One input file that produced no output, with the service's reason; `itemIndex` pairs it to its item. */
export interface FileFailure {
	job_id: string;
	file_id: string | null;
	file_name: string | null;
	error: string;
	processing_status: string | null;
	itemIndex: number | undefined;
}

const NO_REASON = 'The job finished without an output for this file and the service gave no reason';

function baseName(name: string): string {
	return name.split(/[\\/]/).pop() ?? name;
}

/** What the service says of a finished job's failed files (jobs/ asks it: `GET /jobs/{id}/failed-files` and `/details`). */
export interface ServiceReasons {
	/** `document` names the file as the service knows it (a file name or an input file id: not documented which). */
	failed: Array<{ document: string; error?: string | null }>;
	/** The job's processing status and message, when the service gave its details. */
	details?: { processing_status?: string | null; message?: string | null };
}

/**
 * The input files of a finished job that have no output of its final node (`covered` holds the
 * input file ids that have one), each with the service's reason. `askService` is called only when
 * some input lacks an output; a file the service names that matches no known input is still
 * reported, paired to every item.
 */
export async function failedInputs(jobId: string, covered: ReadonlySet<string>, inputs: JobInput[], askService: () => Promise<ServiceReasons>): Promise<FileFailure[]> {
	const missing = inputs.filter((input) => input.fileId !== undefined && !covered.has(input.fileId));
	const unknown = inputs.filter((input) => input.fileId === undefined);
	if (missing.length === 0 && unknown.length === 0) return [];

	const { failed, details } = await askService();
	const status = details?.processing_status ?? null;
	const open = new Set([...missing, ...unknown]);
	const failure = (input: JobInput | undefined, document: string | undefined, error: string): FileFailure => ({
		job_id: jobId,
		file_id: input?.fileId ?? null,
		file_name: input?.fileName ?? document ?? null,
		error,
		processing_status: status,
		itemIndex: input?.itemIndex,
	});
	const matched = new Map<ServiceReasons['failed'][number], JobInput | undefined>();
	for (const entry of failed) {
		const candidates = [...open];
		const input =
			candidates.find((candidate) => candidate.fileId === entry.document) ??
			candidates.find((candidate) => candidate.fileName !== undefined && (candidate.fileName === entry.document || candidate.fileName === baseName(entry.document)));
		if (input) open.delete(input);
		matched.set(entry, input);
	}
	// A name the service spells differently still belongs to a file known to lack outputs, in order.
	const unmatchedMissing = missing.filter((input) => open.has(input));
	for (const [entry, input] of matched) {
		if (input === undefined && unmatchedMissing.length > 0) matched.set(entry, unmatchedMissing.shift());
	}
	const failures = [...matched].map(([entry, input]) => failure(input, entry.document, entry.error?.trim() || NO_REASON));
	// Files known to lack outputs that the service did not list: reported, never dropped.
	for (const input of unmatchedMissing) failures.push(failure(input, undefined, details?.message?.trim() || NO_REASON));
	return failures;
}

/** A file that failed inside a finished job as the fields every failure item carries. */
export function processingRecord(failure: FileFailure): FailedFileRecord {
	return {
		file_name: failure.file_name,
		item_index: failure.itemIndex ?? null,
		job_id: failure.job_id,
		file_id: failure.file_id,
		stage: 'processing',
		reason: failure.error,
		what_to_do: PROCESSING_ADVICE,
		processing_status: failure.processing_status,
	};
}

/** A failure as item JSON: the job, the file, the service's words (the trigger's enrichment). */
export function failureJson(failure: FileFailure): IDataObject {
	const { job_id, file_id, file_name, error, processing_status } = failure;
	return { job_id, file_id, file_name, error, processing_status };
}

function fileList(failures: FileFailure[]): string {
	const names = failures.map((failure) => `"${failure.file_name ?? failure.file_id ?? 'unnamed'}" (${failure.error})`);
	return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

/** Where the other files' outputs can be had, for the error's advice. */
export interface FailureErrorContext {
	/** Files of the job that did produce outputs. */
	goodFiles: number;
	itemIndex?: number;
	/** True when the failing operation is Download Output itself. */
	downloading?: boolean;
}

/** The error for one failed file (error output) or for all of them (no "continue"), naming each file. */
export function fileFailureError(node: INode, failures: FileFailure[], context: FailureErrorContext): NodeApiError {
	const jobId = failures[0]?.job_id ?? '';
	const { goodFiles } = context;
	const message =
		failures.length === 1
			? `File ${fileList(failures)} failed in job "${jobId}"`
			: `${failures.length} files failed in job "${jobId}": ${fileList(failures)}`;
	const where = context.downloading ? 'with Files › One Output File' : `with Job › Download Output and job ID ${jobId}`;
	const others =
		goodFiles > 0
			? ` The job's other ${goodFiles === 1 ? 'file was' : `${goodFiles} files were`} processed: get ${goodFiles === 1 ? 'its output' : 'their outputs'} ${where}, or`
			: ' To keep the outputs of the other files and items,';
	const rest = `${others} set Settings › On Error to "Continue" (a failure item per failed file) or "Continue (using error output)" (failed files on the error output).`;
	const description = `Check the failed files (format, damage, size) and send them again; Job › Get Failed Files lists the service's reasons.${rest}`;
	const response: JsonObject = { message, job_id: jobId, failed_files: failures.map(failureJson) as JsonObject[] };
	const error = new NodeApiError(node, response, { message, description, itemIndex: context.itemIndex });
	const records = failures.map(processingRecord);
	return withFailedFiles(nameNotProcessed(error, records) as NodeApiError, records);
}
