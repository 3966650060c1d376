import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import { callService, JOB_ANSWER, type CallContext } from '../transport';

/**
 * A job's per-file view. The job record cannot say that some files failed (it reads COMPLETED
 * either way); `processing_status` COMPLETED_WITH_ERRORS and the failed-files list can.
 */
const jobDetailsShape = z
	.object({
		id: z.string().min(1),
		processing_status: z.string().min(1),
		node_stats: z.array(z.object({}).passthrough()).nullish(),
		message: z.string().nullish(),
	})
	.passthrough();

export type JobDetails = z.infer<typeof jobDetailsShape> & IDataObject;

const jobDetailsSchema = jobDetailsShape.transform((details) => details as unknown as JobDetails);

/** `document` names the file as the service knows it (a file name or an input file id: not documented which). */
const failedFileSchema = z.object({ document: z.string(), error: z.string().nullish() }).passthrough();

export type FailedFile = z.infer<typeof failedFileSchema>;

const failedFilesSchema = z.object({ failed_files: z.array(failedFileSchema) }).passthrough();

export const PARTIAL_FAILURE_STATUS = 'COMPLETED_WITH_ERRORS';

export async function getJobDetails(call: CallContext, jobId: string): Promise<JobDetails> {
	return await callService(call, {
		method: 'GET',
		path: `/jobs/${encodeURIComponent(jobId)}/details`,
		endpoint: 'GET /api/v1/jobs/{job_id}/details',
		idempotent: true,
		schema: jobDetailsSchema,
		answerLimit: JOB_ANSWER,
		notFound: `Job "${jobId}"`,
	});
}

export async function getFailedFiles(call: CallContext, jobId: string): Promise<FailedFile[]> {
	const answer = await callService(call, {
		method: 'GET',
		path: `/jobs/${encodeURIComponent(jobId)}/failed-files`,
		endpoint: 'GET /api/v1/jobs/{job_id}/failed-files',
		idempotent: true,
		schema: failedFilesSchema,
		answerLimit: JOB_ANSWER,
		notFound: `Job "${jobId}"`,
	});
	return answer.failed_files;
}
