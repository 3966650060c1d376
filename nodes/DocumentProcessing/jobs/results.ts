import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../api/context';
import { getFailedFiles, getJobDetails } from '../api/jobFailures';
import { downloadJobOutputs, finalNodeId, type OutputSelection, type PipelineStep } from '../api/jobOutputs';
import { getJob } from '../api/jobs';
import { JOB_SUCCESS, type Job } from '../api/schemas';
import type { OutputFile } from '../outputs/elementItems';
import { failedInputs, type FileFailure, type JobInput, type ServiceReasons } from '../failedFiles/failedInJob';

/** The service's reasons, or none when it has no such endpoint (older services): the files are still reported. */
async function serviceReasons(call: CallContext, jobId: string): Promise<ServiceReasons> {
	const absent = (error: unknown) => error instanceof NodeApiError && ['404', '405'].includes(String(error.httpCode));
	const [failed, details] = await Promise.all([
		getFailedFiles(call, jobId).catch((error: unknown) => {
			if (absent(error)) return [];
			throw error;
		}),
		// The details only add the job's processing status to the failure items.
		getJobDetails(call, jobId).catch(() => undefined),
	]);
	return { failed, details };
}

/**
 * The input files of a finished job that have no output of its final node, each with the
 * service's reason (`GET /jobs/{id}/failed-files`) and the processing status (`/details`), asked
 * only when the outputs do not cover every input (failedFiles/failedInJob.ts matches them).
 */
export async function failedInputFiles(call: CallContext, job: Job, inputs: JobInput[], finalStep?: PipelineStep): Promise<FileFailure[]> {
	const listed = job.output_node_files ?? [];
	const finalNode = finalNodeId(listed, finalStep);
	const covered = new Set(listed.filter((file) => file.node_id === finalNode).map((file) => file.file_id));
	return await failedInputs(job.id, covered, inputs, async () => await serviceReasons(call, job.id));
}

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
