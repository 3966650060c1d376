import type { UploadedFile } from '../http/multipart';

export type JobStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'STOPPED';
export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['COMPLETED', 'FAILED', 'STOPPED']);

export interface JobNodeSpec {
	name?: string;
	type: string;
	subtype: string;
	settings?: Record<string, unknown>;
}

export interface JobNode extends JobNodeSpec {
	id: string;
}

export interface InputFile extends Omit<UploadedFile, 'field'> {
	id: string;
}

/** Output files by node id, then by input file id: element arrays, or an extractor's JSON of any shape. */
export type JobOutputs = Map<string, Map<string, unknown>>;

export interface Job {
	id: string;
	apiKey: string;
	/** On-demand jobs share a capped pool of running slots per key; workflow runs are not capped. */
	kind: 'on_demand' | 'workflow_run';
	workflow_id: string;
	workflow_name: string;
	job_type: string;
	status: JobStatus;
	created_at: Date;
	started_at?: Date;
	finished_at?: Date;
	files: InputFile[];
	nodes: JobNode[];
	outputs?: JobOutputs;
	/** Input files that failed inside the job (by input file id), with the service's reason. */
	fileErrors?: Map<string, string>;
	/** Why a job ended FAILED, for the emulator's own view. */
	failure?: string;
}

export interface StoredWorkflow {
	id: string;
	name: string;
	/** The workflow's nodes (`workflow_nodes` in the API). */
	job_nodes: JobNodeSpec[];
	created_at: Date;
	/** Fields of workflows managed through the API (routes/workflow-manage-routes.ts). */
	updated_at?: Date;
	workflow_type?: string;
	source_id?: string | null;
	destination_id?: string | null;
	schedule?: string | null;
	reprocess_all?: boolean;
	status?: 'active' | 'inactive';
}
