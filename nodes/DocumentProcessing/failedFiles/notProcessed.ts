import type { INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { asNodeError, withMoreAdvice } from '../helpers/nodeErrors';
import { failedFileItem, type FileFailureRouting } from './failureItems';
import { type FailedFileRecord, failedFilesOf, recordName, withFailedFiles } from './records';

/*
 * The files a failure leaves unprocessed: attached to the error (accountedError), named in its
 * description (nameNotProcessed: the one wording, whichever way the wait ended, poll or pause), or
 * as failure items (unprocessedFileItems).
 */

/** The files an error's description names so far, and the sentence that names them. */
const named = new WeakMap<Error, { records: Set<FailedFileRecord>; sentence: string }>();

/** Item order (stable, so one item's files keep theirs), whichever unit failed first: units under way end in any order. */
function notProcessedSentence(records: Iterable<FailedFileRecord>): string {
	const byItem = [...records].sort((a, b) => (a.item_index ?? Number.MAX_SAFE_INTEGER) - (b.item_index ?? Number.MAX_SAFE_INTEGER));
	const entries: string[] = [];
	for (const record of byItem) entries.push(`"${recordName(record)}" (item ${record.item_index ?? '?'}, ${record.stage}${record.job_id ? `, job ${record.job_id}` : ''})`);
	return `Files not processed (${entries.length}): ${entries.join(', ')}.`;
}

/**
 * Adds to the description of an error the node throws (default On Error) every file it leaves
 * unprocessed that the description does not name yet, so none goes unnamed. Called again (a unit's
 * error, then the run's other failed units), it keeps one sentence naming them all in item order.
 */
export function nameNotProcessed(error: Error, records: FailedFileRecord[]): Error {
	const before = named.get(error);
	const done = new Set(before?.records);
	let added = false;
	for (const record of records) {
		if (done.has(record)) continue;
		done.add(record);
		added = true;
	}
	if (!added) return error;
	const sentence = notProcessedSentence(done);
	const described = error as Error & { description?: string | null };
	const current = described.description ?? '';
	described.description = before && current.includes(before.sentence) ? current.replace(before.sentence, () => sentence) : withMoreAdvice(current, sentence);
	named.set(error, { records: done, sentence });
	return error;
}

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
