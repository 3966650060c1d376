import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../api/context';
import { downloadJobOutputs, type OutputSelection } from '../api/jobOutputs';
import { getJob } from '../api/jobs';
import { JOB_SUCCESS, type Job } from '../api/schemas';
import type { OutputFile } from '../helpers/elementItems';

/** A job's record and, when `selection` is given, its outputs (the trigger's enrichment of an event). */
export async function jobWithOutputs(
	call: CallContext,
	jobId: string,
	selection?: OutputSelection,
): Promise<{ job: Job; files: OutputFile[] }> {
	const job = await getJob(call, jobId);
	return { job, files: selection ? await downloadJobOutputs(call, job, selection) : [] };
}

/** The outputs of a job that must have completed (Download Output); one file when `fileId` is set. */
export async function completedJobOutputs(
	call: CallContext,
	jobId: string,
	selection: Pick<OutputSelection, 'fileId' | 'lastNodeOnly'>,
): Promise<OutputFile[]> {
	const { node, itemIndex } = call;
	const job = await getJob(call, jobId);
	if (job.status !== JOB_SUCCESS) {
		throw new NodeOperationError(node, `Job "${jobId}" has no outputs to download yet (status: ${job.status})`, {
			itemIndex,
			description: 'Outputs exist once the job is COMPLETED: put a Wait for Job step before this one.',
		});
	}
	const files = await downloadJobOutputs(call, job, selection);
	if (selection.fileId !== undefined && files.length === 0) {
		throw new NodeOperationError(node, `Job "${jobId}" has no output file "${selection.fileId}"`, {
			itemIndex,
			description: `Its output files are: ${(job.output_node_files ?? []).map((file) => file.file_id).join(', ') || 'none'}.`,
		});
	}
	return files;
}
