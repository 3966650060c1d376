// failedFiles/ owns the accounting of input files that produced no output: the record of each
// (this file), the item it becomes (failureItems.ts), the records of a job's files a failure left
// unprocessed (jobFiles.ts), the files that failed inside a finished job (failedInJob.ts), those
// whose job never started (notLaunched.ts), and naming them all in the error (notProcessed.ts).
// It imports helpers/ and n8n-workflow only; the service's own reasons reach it from jobs/.

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

export function recordName(record: Pick<FailedFileRecord, 'file_name' | 'file_id' | 'item_index'>): string {
	return record.file_name ?? record.file_id ?? `a file of item ${record.item_index ?? '?'}`;
}
