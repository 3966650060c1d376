import type { INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import type { Job } from '../api/schemas';
import { type FailedFileRecord, failedFileItem, failedFilesOf, type FileFailureRouting, type JobFile, nameNotProcessed, withFailedFiles } from './records';
import { asNodeError } from '../helpers/nodeErrors';

/*
 * A failure that is not one file's (a launch refused, a job that failed or timed out, a download
 * that failed) leaves every file of its job unprocessed: each is named as a failure of its own.
 */

/** An abort (the execution was cancelled) is no file's failure: it passes through untouched. */
function isAbort(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * `error` as a node error that carries the files it left unprocessed: those it already names, or
 * else `records()`. Aborts are returned as they are.
 */
export function accountedError(node: INode, error: unknown, itemIndex: number, records: (error: Error) => FailedFileRecord[]): Error {
	if (isAbort(error)) return error as Error;
	const wrapped = asNodeError(node, error, itemIndex);
	if (failedFilesOf(wrapped) !== undefined) return wrapped;
	return withFailedFiles(wrapped, records(wrapped));
}

/** A job-level failure under the node's routing: failure items per file, or (default On Error) the error naming them all. */
export function unprocessedFileItems(error: Error, routing: FileFailureRouting, pairedAll: IPairedItemData[]): INodeExecutionData[] {
	const records = failedFilesOf(error);
	if (isAbort(error) || records === undefined) throw error;
	if (routing === 'error') throw nameNotProcessed(error, records);
	return records.map((record) => failedFileItem(record, routing, pairedAll));
}

/** Per-file reasons a FAILED job's record gives (`failed_files`, see finish.ts), matched by file name or id. */
export function failedJobReasons(job: Job): (file: JobFile) => string | undefined {
	const listed = Array.isArray(job.failed_files) ? (job.failed_files as Array<{ document?: unknown; error?: unknown }>) : [];
	return (entry) => {
		const found = listed.find(({ document }) => document === entry.fileId || document === entry.file.fileName);
		return typeof found?.error === 'string' && found.error.trim() ? found.error.trim() : undefined;
	};
}
