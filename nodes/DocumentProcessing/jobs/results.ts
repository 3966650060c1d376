import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../api/context';
import { downloadJobOutputs, type OutputSelection } from '../api/jobOutputs';
import { getJob } from '../api/jobs';
import { JOB_SUCCESS, type Job } from '../api/schemas';
import type { OutputFile } from '../outputs/elementItems';
import { failedInputFiles, type FileFailure } from '../failedFiles/failedInJob';

/** A finished job's input files that produced no output, as far as its record names its inputs. */
async function failuresOf(call: CallContext, job: Job, selection: OutputSelection): Promise<FileFailure[]> {
	if (job.status !== JOB_SUCCESS || selection.fileId !== undefined) return [];
	const inputs = (job.input_file_ids ?? []).map((fileId) => ({ fileId, fileName: selection.fileNames?.[fileId], itemIndex: call.itemIndex ?? 0 }));
	return await failedInputFiles(call, job, inputs, selection.finalStep);
}

/**
 * A job's record and, when `selection` is given, its outputs and the input files that failed
 * (the trigger's enrichment of an event).
 */
export async function jobWithOutputs(
	call: CallContext,
	jobId: string,
	selection?: OutputSelection,
): Promise<{ job: Job; files: OutputFile[]; failures: FileFailure[] }> {
	const job = await getJob(call, jobId);
	if (!selection) return { job, files: [], failures: [] };
	const [files, failures] = await Promise.all([downloadJobOutputs(call, job, selection), failuresOf(call, job, selection)]);
	return { job, files, failures };
}

/** The outputs of a job that must have completed (Download Output); one file when `fileId` is set. */
export async function completedJobOutputs(
	call: CallContext,
	jobId: string,
	selection: Pick<OutputSelection, 'fileId' | 'lastNodeOnly'>,
): Promise<{ files: OutputFile[]; failures: FileFailure[] }> {
	const { node, itemIndex } = call;
	const job = await getJob(call, jobId);
	if (job.status !== JOB_SUCCESS) {
		throw new NodeOperationError(node, `Job "${jobId}" has no outputs to download yet (status: ${job.status})`, {
			itemIndex,
			description: 'Outputs exist once the job is COMPLETED: put a Wait for Job step before this one.',
		});
	}
	const failures = await failuresOf(call, job, selection);
	const files = await downloadJobOutputs(call, job, selection);
	if (selection.fileId !== undefined && files.length === 0) {
		throw new NodeOperationError(node, `Job "${jobId}" has no output file "${selection.fileId}"`, {
			itemIndex,
			description: `Its output files are: ${(job.output_node_files ?? []).map((file) => file.file_id).join(', ') || 'none'}.`,
		});
	}
	return { files, failures };
}
