import type { INode } from 'n8n-workflow';
import type { CallContext } from '../api/context';
import { createJob } from '../api/jobs';
import type { Job } from '../api/schemas';
import type { InputFile } from '../helpers/binaries';
import { asOperationError } from '../helpers/inputProblem';
import { failedFilesOf, jobFileRecords } from './records';
import type { JobRequests } from '../jobs/launch';
import { accountedError } from './notProcessed';

/*
 * Failures before a job exists: an item's files that cannot be read or fail a local check (stage
 * upload: nothing was sent), and a launch the service refused (stage launch: the job's files were
 * sent with it but none will be processed). Each names the files it leaves unprocessed.
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
export async function accountedLaunch(call: CallContext, files: InputFile[], start: () => Promise<Job>): Promise<Job> {
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

/** The requests with both kinds of failure accounted for, whatever starts the jobs (on demand, or pause mode's workflow runs). */
export function accountedRequests(node: INode, requests: JobRequests): JobRequests {
	const start = requests.start ?? createJob;
	return {
		...requests,
		files: async (itemIndex, maxFiles) => await accountedFiles(node, itemIndex, async () => await requests.files(itemIndex, maxFiles)),
		start: async (call, pipeline, files) => await accountedLaunch(call, files, async () => await start(call, pipeline, files)),
	};
}
