import type { IDataObject, INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { type FailedFileRecord, type FailureStage, recordName } from './records';

/** How a failed file comes out: n8n's "On Error" setting (or the older "Continue On Fail"). */
export type FileFailureRouting = 'error' | 'items' | 'errorOutput';

export function fileFailureRouting(node: Pick<INode, 'onError' | 'continueOnFail'>): FileFailureRouting {
	if (node.onError === 'continueErrorOutput') return 'errorOutput';
	if (node.onError === 'continueRegularOutput') return 'items';
	return node.onError === undefined && node.continueOnFail === true ? 'items' : 'error';
}

const STAGE_WORDS: Record<FailureStage, (jobId: string | null) => string> = {
	upload: () => 'was not sent',
	launch: () => 'was not processed: its job was not started',
	processing: (jobId) => `failed in job "${jobId ?? 'unknown'}"`,
	download: (jobId) => `was processed in job "${jobId ?? 'unknown'}" but its output could not be downloaded`,
};

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
