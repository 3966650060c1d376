import type { Job } from './job-types';

/** ISO 8601 duration with tenths of a second, e.g. PT1.2S; PT0S before the job started. */
export function isoDuration(ms: number): string {
	const seconds = Math.round(ms / 100) / 10;
	return `PT${seconds}S`;
}

export interface JobResponse {
	id: string;
	workflow_id: string;
	workflow_name: string;
	status: string;
	created_at: string;
	runtime: string;
	input_file_ids: string[];
	output_node_files?: Array<{ node_id: string; file_id: string }>;
	job_type: string;
}

export function jobResponse(job: Job): JobResponse {
	const end = job.finished_at ?? new Date();
	const response: JobResponse = {
		id: job.id,
		workflow_id: job.workflow_id,
		workflow_name: job.workflow_name,
		status: job.status,
		created_at: job.created_at.toISOString(),
		runtime: isoDuration(job.started_at ? end.getTime() - job.started_at.getTime() : 0),
		input_file_ids: job.files.map((file) => file.id),
		job_type: job.job_type,
	};
	if (job.status === 'COMPLETED' && job.outputs) {
		// One entry per (job node, input file); the file_id is the input file's id.
		response.output_node_files = job.nodes.flatMap((node) => job.files.map((file) => ({ node_id: node.id, file_id: file.id })));
	}
	return response;
}
