import { callService, type CallContext } from '../transport';
import { elementsSchema, jobSchema, type Element, type Job } from './schemas';

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

/** One output file of a completed job: the elements a pipeline node produced for one input file. */
export async function downloadOutput(call: CallContext, jobId: string, fileId: string, nodeId?: string): Promise<Element[]> {
	return await callService(call, {
		method: 'GET',
		path: `/jobs/${encodeURIComponent(jobId)}/download`,
		query: { file_id: fileId, node_id: nodeId },
		endpoint: 'GET /api/v1/jobs/{job_id}/download',
		idempotent: true,
		schema: elementsSchema,
		notFound: `Output file "${fileId}" of job "${jobId}"`,
	});
}
