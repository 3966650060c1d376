import type { Job } from './job-types';

/** ISO 8601 duration with tenths of a second, e.g. PT1.2S; PT0S before the job started. */
export function isoDuration(ms: number): string {
	const seconds = Math.round(ms / 100) / 10;
	return `PT${seconds}S`;
}

/** An `output_node_files` entry as the service's models describe it (all four fields required). */
export interface OutputNodeFileView {
	node_id: string;
	file_id: string;
	node_type: string;
	node_subtype: string;
}

export interface JobResponse {
	id: string;
	workflow_id: string;
	workflow_name: string;
	status: string;
	created_at: string;
	runtime: string;
	input_file_ids: string[];
	output_node_files?: OutputNodeFileView[];
	job_type: string;
}

/** `pipeline`: node by node in pipeline order; `reversed`: last node first (the order is not documented). */
export type OutputFilesOrder = 'pipeline' | 'reversed';

export function jobResponse(job: Job, order: OutputFilesOrder = 'pipeline'): JobResponse {
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
		// One entry per (job node, input file that succeeded); the file_id is the input file's id.
		const nodes = order === 'reversed' ? [...job.nodes].reverse() : job.nodes;
		const succeeded = job.files.filter((file) => !job.fileErrors?.has(file.id));
		response.output_node_files = nodes.flatMap((node) =>
			succeeded.map((file) => ({ node_id: node.id, file_id: file.id, node_type: node.type, node_subtype: node.subtype })),
		);
	}
	return response;
}

const PROCESSING_STATUS: Record<Job['status'], string> = {
	SCHEDULED: 'SCHEDULED',
	IN_PROGRESS: 'IN_PROGRESS',
	COMPLETED: 'SUCCESS',
	FAILED: 'FAILED',
	STOPPED: 'STOPPED',
};

/** `GET /jobs/{id}/details`: COMPLETED with failed files reads COMPLETED_WITH_ERRORS here only. */
export function jobDetails(job: Job): object {
	const failed = job.fileErrors?.size ?? 0;
	const done = job.status === 'COMPLETED' || job.status === 'FAILED';
	const processingStatus = job.status === 'COMPLETED' && failed > 0 ? 'COMPLETED_WITH_ERRORS' : PROCESSING_STATUS[job.status];
	return {
		id: job.id,
		processing_status: processingStatus,
		node_stats: job.nodes.map((node) => ({
			node_name: node.name ?? null,
			node_type: node.type,
			node_subtype: node.subtype,
			ready: job.status === 'SCHEDULED' ? job.files.length : 0,
			in_progress: job.status === 'IN_PROGRESS' ? job.files.length : 0,
			success: done ? job.files.length - failed : 0,
			failure: done ? failed : 0,
		})),
		message: job.failure ?? (failed > 0 ? `${failed} of ${job.files.length} files failed` : null),
	};
}

/** `GET /jobs/{id}/failed-files`: each failed file by name or by input file id. */
export function failedFiles(job: Job, documentBy: 'name' | 'id'): object {
	return {
		failed_files: job.files
			.filter((file) => job.fileErrors?.has(file.id))
			.map((file) => ({ document: documentBy === 'id' ? file.id : file.filename, error: job.fileErrors?.get(file.id) ?? '' })),
	};
}
