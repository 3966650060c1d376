import type { INode } from 'n8n-workflow';
import type { InputFile } from '../helpers/binaries';
import { asOperationError } from '../helpers/inputProblem';
import { jobFileRecords } from './jobFiles';
import { accountedError } from './notProcessed';
import { failedFilesOf } from './records';

/*
 * Failures before a job exists: an item's files that cannot be read or fail a local check (stage
 * upload: nothing was sent), and a launch the service refused (stage launch: the job's files were
 * sent with it but none will be processed). Each names the files it leaves unprocessed.
 * jobs/launch.ts (`accountedRequests`) puts both around every launch.
 */

/** Reads an item's files; a failure names them (as far as known: the item itself otherwise). */
export async function accountedFiles(node: INode, itemIndex: number, read: () => Promise<InputFile[]>): Promise<InputFile[]> {
	try {
		return await read();
	} catch (error) {
		// An input problem becomes the node error it would be anyway, so the files stay attached to what is thrown.
		const framed = asOperationError(node, error, itemIndex);
		if (failedFilesOf(framed) !== undefined) throw framed;
		throw accountedError(node, framed, itemIndex, (wrapped) => jobFileRecords([{ file: { fileName: null, itemIndex } }], null, 'upload', wrapped));
	}
}

/** Starts a job; when the service refuses (or the upload breaks), every file it carried is named. */
export async function accountedLaunch<T>(call: { node: INode; itemIndex?: number }, files: InputFile[], start: () => Promise<T>): Promise<T> {
	try {
		return await start();
	} catch (error) {
		const itemIndex = files[0]?.itemIndex ?? call.itemIndex ?? 0;
		throw accountedError(call.node, error, itemIndex, (wrapped) => {
			// An answer from the service is a refusal; none means the request itself broke on the way.
			const { httpCode } = wrapped as { httpCode?: unknown };
			const answered = typeof httpCode === 'string' && httpCode !== '';
			return jobFileRecords(files.map((file) => ({ file })), null, answered ? 'launch' : 'upload', wrapped);
		});
	}
}
