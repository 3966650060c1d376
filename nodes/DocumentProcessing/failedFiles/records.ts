import type { IDataObject, INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { withMoreAdvice } from '../helpers/nodeErrors';

/** Where a file's way through the service stopped. */
export type FailureStage = 'upload' | 'launch' | 'processing' | 'download';

/** One input file that produced no output: the fields every failure item carries. */
export interface FailedFileRecord {
	file_name: string | null;
	item_index: number | null;
	job_id: string | null;
	file_id: string | null;
	stage: FailureStage;
	/** The service's words (or the local check's) for why. */
	reason: string;
	what_to_do: string;
	processing_status?: string | null;
	http_code?: string;
}

/** How a failed file comes out: n8n's "On Error" setting (or the older "Continue On Fail"). */
export type FileFailureRouting = 'error' | 'items' | 'errorOutput';

export function fileFailureRouting(node: Pick<INode, 'onError' | 'continueOnFail'>): FileFailureRouting {
	if (node.onError === 'continueErrorOutput') return 'errorOutput';
	if (node.onError === 'continueRegularOutput') return 'items';
	return node.onError === undefined && node.continueOnFail === true ? 'items' : 'error';
}

/*
 * The files an error leaves unprocessed travel with the error object itself (not its serialised
 * context), so the code that decides where a failure goes can fan it out to one item per file.
 */
const filesOfError = new WeakMap<Error, FailedFileRecord[]>();

export function withFailedFiles<E extends Error>(error: E, records: FailedFileRecord[]): E {
	filesOfError.set(error, records);
	return error;
}

export function failedFilesOf(error: unknown): FailedFileRecord[] | undefined {
	return error instanceof Error ? filesOfError.get(error) : undefined;
}

const STAGE_WORDS: Record<FailureStage, (jobId: string | null) => string> = {
	upload: () => 'was not sent',
	launch: () => 'was not processed: its job was not started',
	processing: (jobId) => `failed in job "${jobId ?? 'unknown'}"`,
	download: (jobId) => `was processed in job "${jobId ?? 'unknown'}" but its output could not be downloaded`,
};

export function recordName(record: Pick<FailedFileRecord, 'file_name' | 'file_id' | 'item_index'>): string {
	return record.file_name ?? record.file_id ?? `a file of item ${record.item_index ?? '?'}`;
}

/** The sentence a failure item leads with: which file, what happened to it, the reason. */
export function failedFileMessage(record: FailedFileRecord): string {
	return `File "${recordName(record)}" ${STAGE_WORDS[record.stage](record.job_id)}: ${record.reason}`;
}

function withoutUndefined(record: FailedFileRecord): IDataObject {
	return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as IDataObject;
}

/**
 * One failed file as an item. On the regular output its fields are top-level beside `error` (the
 * sentence). For the error output n8n moves an item there only when its json is `{error}` or
 * `{error, message}` (1.x) or has no keys beyond error/message/details (2.x), and replaces the
 * json of any item carrying an `error` object with the message alone (both): so the item carries
 * no error object and its fields go inside `error`, with the sentence as `error.message`.
 */
export function failedFileItem(record: FailedFileRecord, routing: FileFailureRouting, pairedAll: IPairedItemData[]): INodeExecutionData {
	const pairedItem = record.item_index !== null ? { item: record.item_index } : pairedAll;
	const message = failedFileMessage(record);
	if (routing === 'errorOutput') return { json: { error: { message, ...withoutUndefined(record) } }, pairedItem };
	return { json: { error: message, ...withoutUndefined(record) }, pairedItem };
}

const named = new WeakMap<Error, Set<FailedFileRecord>>();

/**
 * Adds to the description of an error the node throws (default On Error) every file it leaves
 * unprocessed that the description does not name yet, so none goes unnamed.
 */
export function nameNotProcessed(error: Error, records: FailedFileRecord[]): Error {
	const done = named.get(error) ?? new Set<FailedFileRecord>();
	const fresh = records.filter((record) => !done.has(record));
	if (fresh.length === 0) return error;
	for (const record of fresh) done.add(record);
	named.set(error, done);
	const entries = fresh.map((record) => `"${recordName(record)}" (item ${record.item_index ?? '?'}, ${record.stage}${record.job_id ? `, job ${record.job_id}` : ''})`);
	const list = `Files not processed (${fresh.length}): ${entries.join(', ')}.`;
	const described = error as Error & { description?: string | null };
	described.description = withMoreAdvice(described.description, list);
	return error;
}

/*
 * A failure that is not one file's (a local check of an item, a launch refused, a job that failed
 * or timed out, a download that failed) leaves every file it concerns unprocessed: each is named
 * as a failure of its own.
 */

export const PROCESSING_ADVICE = "Check the file (format, damage, size) and send it again; Job › Get Failed Files lists the service's reasons.";

const DEFAULT_ADVICE: Record<FailureStage, (jobId: string | null) => string> = {
	upload: () => 'Check the file and the node that produced it, then send it again.',
	launch: () => 'Fix what the service names and send the files again.',
	processing: () => PROCESSING_ADVICE,
	download: (jobId) => `Get the output with Job › Download Output and job ID ${jobId ?? '(see job_id)'}.`,
};

/** One of a job's files with the id the service gave it (none when the job was never started). */
export interface JobFile {
	file: { fileName: string | null; itemIndex: number };
	fileId?: string;
}

function describedBy(error: Error): { reason: string; advice?: string; httpCode?: string } {
	const { description, httpCode } = error as { description?: unknown; httpCode?: unknown };
	return {
		reason: error.message,
		...(typeof description === 'string' && description ? { advice: description } : {}),
		...(typeof httpCode === 'string' && httpCode ? { httpCode } : {}),
	};
}

/** The failure records of a job's files that `error` left unprocessed at `stage`; `known` keeps files already accounted for. */
export function jobFileRecords(
	files: JobFile[],
	jobId: string | null,
	stage: FailureStage,
	error: Error,
	known: FailedFileRecord[] = [],
	reasonOf: (file: JobFile) => string | undefined = () => undefined,
): FailedFileRecord[] {
	const { reason, advice, httpCode } = describedBy(error);
	return files.map((entry) => {
		const already = known.find((record) => entry.fileId !== undefined && record.file_id === entry.fileId);
		if (already) return already;
		return {
			file_name: entry.file.fileName,
			item_index: entry.file.itemIndex,
			job_id: jobId,
			file_id: entry.fileId ?? null,
			stage,
			reason: reasonOf(entry) ?? reason,
			// The job's outputs exist once it ran: saying where to get them matters more than why the download broke.
			what_to_do: advice === undefined ? DEFAULT_ADVICE[stage](jobId) : stage === 'download' ? withMoreAdvice(advice, DEFAULT_ADVICE.download(jobId)) : advice,
			...(httpCode ? { http_code: httpCode } : {}),
		};
	});
}
