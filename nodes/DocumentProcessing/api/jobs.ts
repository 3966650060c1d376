import type { InputFile } from '../helpers/binaries';
import { requestData, type JobNode } from '../helpers/pipeline';
import { callService, type CallContext, type FilePart } from '../transport';
import { jobSchema, outputContentSchema, type Job } from './schemas';

function fileParts(files: InputFile[]): FilePart[] {
	return files.map((file) => ({ field: 'input_files', fileName: file.fileName, mimeType: file.mimeType, size: file.size, open: file.open }));
}

/** Launches an on-demand job; launches are paced process-wide and never resent unless provably unseen. */
export async function createJob(call: CallContext, jobNodes: JobNode[], files: InputFile[]): Promise<Job> {
	return await callService(call, {
		method: 'POST',
		path: '/jobs/',
		endpoint: 'POST /api/v1/jobs/',
		multipart: { fields: [['request_data', requestData(jobNodes)]], files: fileParts(files) },
		idempotent: false,
		launchesJob: true,
		schema: jobSchema,
		// Uploading ten 50 MB files over a slow link takes a while before the service can answer.
		timeoutMs: 10 * 60_000,
	});
}

export async function runWorkflow(call: CallContext, workflowId: string, files: InputFile[]): Promise<Job> {
	return await callService(call, {
		method: 'POST',
		path: `/workflows/${encodeURIComponent(workflowId)}/run`,
		endpoint: 'POST /api/v1/workflows/{workflow_id}/run',
		multipart: { fields: [], files: fileParts(files) },
		idempotent: false,
		schema: jobSchema,
		notFound: `Workflow "${workflowId}"`,
		timeoutMs: 10 * 60_000,
	});
}

export async function getJob(call: CallContext, jobId: string): Promise<Job> {
	return await callService(call, {
		method: 'GET',
		path: `/jobs/${encodeURIComponent(jobId)}`,
		endpoint: 'GET /api/v1/jobs/{job_id}',
		idempotent: true,
		schema: jobSchema,
		notFound: `Job "${jobId}"`,
	});
}

/** One output file of a completed job: what a pipeline node produced for one input file, as JSON of any shape. */
export async function downloadOutput(call: CallContext, jobId: string, fileId: string, nodeId?: string): Promise<unknown> {
	return await callService(call, {
		method: 'GET',
		path: `/jobs/${encodeURIComponent(jobId)}/download`,
		query: { file_id: fileId, node_id: nodeId },
		endpoint: 'GET /api/v1/jobs/{job_id}/download',
		idempotent: true,
		schema: outputContentSchema,
		notFound: `Output file "${fileId}" of job "${jobId}"`,
	});
}
