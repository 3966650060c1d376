import { callService, type CallContext } from '../transport';
import { jobSchema, type Job } from './schemas';

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
