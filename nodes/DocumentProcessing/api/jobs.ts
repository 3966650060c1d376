import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import type { InputFile } from '../helpers/binaries';
import { requestData, type JobPipeline } from '../pipeline/pipeline';
import { callService, JOB_ANSWER, OUTPUT_ANSWER, serviceError, type CallContext, type FilePart } from '../transport';
import { jobListSchema, jobSchema, outputContentSchema, type Job, type JobStatus } from './schemas';
import { asNodeError } from '../helpers/nodeErrors';

function fileParts(files: InputFile[]): FilePart[] {
	return files.map((file) => ({ field: 'input_files', fileName: file.fileName, mimeType: file.mimeType, size: file.size, open: file.open }));
}

/** Launches an on-demand job; launches are paced process-wide and never resent unless provably unseen. */
export async function createJob(call: CallContext, pipeline: JobPipeline, files: InputFile[]): Promise<Job> {
	return await callService(call, {
		method: 'POST',
		path: '/jobs/',
		endpoint: 'POST /api/v1/jobs/',
		multipart: { fields: [['request_data', requestData(pipeline)]], files: fileParts(files) },
		idempotent: false,
		launchesJob: true,
		schema: jobSchema,
		answerLimit: JOB_ANSWER,
		// Uploading ten 50 MB files over a slow link takes a while before the service can answer.
		timeoutMs: 10 * 60_000,
	});
}

/** Pacing of workflow runs (pause mode's own workflow): a lane of their own, with this spacing. */
export interface RunPacing {
	spacingMs: number;
}

/** Starts a run; with `pacing`, runs are launched one at a time that far apart and a 429 is waited out. */
export async function runWorkflow(call: CallContext, workflowId: string, files: InputFile[], pacing?: RunPacing): Promise<Job> {
	return await callService(call, {
		method: 'POST',
		path: `/workflows/${encodeURIComponent(workflowId)}/run`,
		endpoint: 'POST /api/v1/workflows/{workflow_id}/run',
		multipart: { fields: [], files: fileParts(files) },
		idempotent: false,
		...(pacing === undefined ? {} : { launchLane: { name: 'workflow runs', spacingMs: pacing.spacingMs } }),
		schema: jobSchema,
		answerLimit: JOB_ANSWER,
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
		answerLimit: JOB_ANSWER,
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
		answerLimit: OUTPUT_ANSWER,
		notFound: `Output file "${fileId}" of job "${jobId}"`,
	});
}

export interface JobFilter {
	workflowId?: string;
	status?: JobStatus;
}

/** The account's jobs, optionally of one workflow or in one status; the service does not page them. */
export async function listJobs(call: CallContext, filter: JobFilter = {}): Promise<Job[]> {
	return await callService(call, {
		method: 'GET',
		path: '/jobs/',
		endpoint: 'GET /api/v1/jobs/',
		query: { workflow_id: filter.workflowId, status: filter.status },
		idempotent: true,
		schema: jobListSchema,
		answerLimit: JOB_ANSWER,
	});
}

// Not shown by the interface: the job (200) is expected; 202/204, empty or with another body, are
// accepted too, and the job is then read back so the output is the job either way.
const cancelAnswerSchema = z.unknown().transform((body) => {
	const job = jobSchema.safeParse(body);
	return job.success ? job.data : undefined;
});

/**
 * Cancels a SCHEDULED or IN_PROGRESS job and returns it. Cancelling is idempotent: when the service
 * refuses because the job has already ended (409), a job that is STOPPED is what was asked for
 * (an earlier attempt, or someone else, stopped it), so it is returned; a COMPLETED or FAILED job
 * is an error.
 */
export async function cancelJob(call: CallContext, jobId: string): Promise<Job> {
	const endpoint = 'POST /api/v1/jobs/{job_id}/cancel';
	try {
		const answered = await callService(call, {
			method: 'POST',
			path: `/jobs/${encodeURIComponent(jobId)}/cancel`,
			endpoint,
			idempotent: true,
			schema: cancelAnswerSchema,
			answerLimit: JOB_ANSWER,
			notFound: `Job "${jobId}"`,
		});
		return answered ?? (await getJob(call, jobId));
	} catch (error) {
		if (!(error instanceof NodeApiError) || error.httpCode !== '409') throw asNodeError(call.node, error, call.itemIndex);
		const job = await getJob(call, jobId);
		if (job.status === 'STOPPED') return job;
		const detail = typeof error.errorResponse?.detail === 'string' ? error.errorResponse.detail : undefined;
		throw serviceError(call.node, {
			endpoint,
			status: 409,
			detail: detail ?? `job ${jobId} is ${job.status}`,
			advice: `Only a SCHEDULED or IN_PROGRESS job can be cancelled; this one has already ended as ${job.status}.`,
			itemIndex: call.itemIndex,
			secrets: [call.connection.apiKey],
		});
	}
}
