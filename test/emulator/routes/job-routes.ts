import { randomUUID } from 'node:crypto';
import { firstField, readMultipart, type MultipartBody } from '../http/multipart';
import { HttpError, noContent, notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { parseRequestData } from '../jobs/job-nodes';
import { TERMINAL_STATUSES, type InputFile, type Job, type JobNodeSpec, type JobStatus } from '../jobs/job-types';
import { failedFiles, jobDetails, jobResponse } from '../jobs/job-view';
import { findTemplate } from '../workflows/templates';

export const MAX_FILES_PER_JOB = 10;
export const MAX_FILE_BYTES = 52_428_800;

/**
 * The service counts the spacing from when it accepted the previous launch, i.e. once that
 * launch's upload had fully arrived; so this runs after the body was read, and a launch refused
 * here has already been uploaded in full.
 */
function acceptLaunch(ctx: RouteContext): void {
	const { store, config } = ctx.core;
	const spacing = config.get().launch_spacing_ms;
	const now = performance.now();
	const last = store.lastLaunchAt.get(ctx.apiKey);
	if (last !== undefined && now - last < spacing) {
		store.rateLimited += 1;
		const waitMs = spacing - (now - last);
		throw new HttpError(
			429,
			`Rate limit exceeded: on-demand job launches must be accepted at least ${spacing} ms apart; retry in ${Math.ceil(waitMs)} ms`,
			{ 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
		);
	}
	store.lastLaunchAt.set(ctx.apiKey, now);
	store.launches += 1;
	ctx.log.accepted();
}

export function readJobUpload(ctx: RouteContext): Promise<MultipartBody> {
	return readMultipart(ctx.req, ctx.log, {
		fileFields: ['input_files'],
		maxFiles: MAX_FILES_PER_JOB,
		maxFileSize: MAX_FILE_BYTES,
		maxParseBytes: ctx.core.config.get().max_parse_bytes,
	});
}

export function inputFilesOf(body: MultipartBody): InputFile[] {
	if (body.fields.has('input_files')) {
		throw new HttpError(422, [{ type: 'value_error', loc: ['body', 'input_files'], msg: 'input_files: each part must be a file part with a file name' }]);
	}
	return body.files.map(({ field: _field, ...file }) => ({ ...file, id: randomUUID() }));
}

export function newJob(ctx: RouteContext, fields: Pick<Job, 'kind' | 'workflow_id' | 'workflow_name' | 'job_type'>, nodes: JobNodeSpec[], files: InputFile[]): Job {
	return {
		id: randomUUID(),
		apiKey: ctx.apiKey,
		...fields,
		status: 'SCHEDULED',
		created_at: new Date(),
		files,
		nodes: nodes.map((node) => ({ ...node, id: randomUUID() })),
	};
}

async function createJob(ctx: RouteContext): Promise<Reply> {
	const body = await readJobUpload(ctx);
	const nodes = parseRequestData(firstField(body, 'request_data'), (id) => findTemplate(id)?.nodes);
	const files = inputFilesOf(body);
	if (files.length === 0) {
		throw new HttpError(422, [{ type: 'missing', loc: ['body', 'input_files'], msg: 'input_files: at least one file is required' }]);
	}
	// Nothing is awaited between this check and the job's creation, so concurrent uploads are told apart.
	acceptLaunch(ctx);
	const job = newJob(ctx, { kind: 'on_demand', workflow_id: randomUUID(), workflow_name: '', job_type: 'ephemeral' }, nodes, files);
	job.workflow_name = `job-${job.id.slice(0, 8)}`;
	ctx.core.scheduler.submit(job);
	return ok(jobResponse(job));
}

function findJob(ctx: RouteContext): Job {
	const id = ctx.params.job_id ?? '';
	const job = ctx.core.store.jobs.get(id);
	if (!job) throw notFound('job', id);
	return job;
}

function downloadOutput(ctx: RouteContext): Reply {
	const job = findJob(ctx);
	const fileId = ctx.query.get('file_id');
	if (fileId === null || fileId === '') throw new HttpError(422, [{ type: 'missing', loc: ['query', 'file_id'], msg: 'file_id: query parameter required' }]);
	if (job.status !== 'COMPLETED' || !job.outputs) {
		throw new HttpError(409, `job ${job.id} is ${job.status}; outputs can be downloaded once it is COMPLETED`);
	}
	if (!job.files.some((file) => file.id === fileId)) throw notFound('output file', fileId);
	const fileError = job.fileErrors?.get(fileId);
	if (fileError !== undefined) throw new HttpError(404, `output file ${fileId} not found: the file failed (${fileError})`);
	// Without node_id the last node's output is returned, i.e. the pipeline's final result.
	const nodeId = ctx.query.get('node_id') ?? job.nodes[job.nodes.length - 1]?.id ?? '';
	const nodeOutputs = job.outputs.get(nodeId);
	if (nodeOutputs === undefined || !nodeOutputs.has(fileId)) throw notFound('job node', nodeId);
	// Element arrays, or an extractor's JSON alone (extracted_data_only), exactly as produced.
	return ok(nodeOutputs.get(fileId));
}

const STATUSES: readonly JobStatus[] = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'STOPPED'];

/** The key's jobs, newest first, filtered by `workflow_id` and `status`; not paged. */
function listJobs(ctx: RouteContext): Reply {
	const workflowId = ctx.query.get('workflow_id');
	const status = ctx.query.get('status');
	if (status !== null && !(STATUSES as readonly string[]).includes(status)) {
		throw new HttpError(422, [{ type: 'enum', loc: ['query', 'status'], msg: `status: must be one of ${STATUSES.join(', ')}, got '${status}'` }]);
	}
	const jobs = [...ctx.core.store.jobs.values()]
		.filter((job) => job.apiKey === ctx.apiKey)
		.filter((job) => workflowId === null || job.workflow_id === workflowId)
		.filter((job) => status === null || job.status === status)
		.reverse()
		.map((job) => jobResponse(job, ctx.core.config.get().output_files_order));
	return ok(ctx.core.config.get().job_list_shape === 'items' ? { items: jobs } : jobs);
}

function notCancellable(job: Job): HttpError {
	const state = TERMINAL_STATUSES.has(job.status) ? `has already ended as ${job.status}` : 'is already finishing';
	return new HttpError(409, `job ${job.id} ${state}; only SCHEDULED or IN_PROGRESS jobs can be cancelled`);
}

/** SCHEDULED or IN_PROGRESS → STOPPED (emitting job.stopped); an ended job cannot be cancelled. */
async function cancelJob(ctx: RouteContext): Promise<Reply> {
	const job = findJob(ctx);
	if (TERMINAL_STATUSES.has(job.status)) throw notCancellable(job);
	const { cancel_reply: reply, schedule_delay_ms: delay } = ctx.core.config.get();
	if (reply === 'accepted') {
		ctx.core.scheduler.stopLater(job, delay);
		return ok({ id: job.id, detail: 'cancellation requested' }, 202);
	}
	if (!(await ctx.core.scheduler.finish(job, 'STOPPED'))) throw notCancellable(job);
	return reply === 'no_content' ? noContent() : ok(jobResponse(job));
}

export function registerJobRoutes(router: Router): void {
	router
		.add('POST', '/api/v1/jobs', createJob)
		.add('GET', '/api/v1/jobs', listJobs)
		.add('GET', '/api/v1/jobs/:job_id', (ctx) => ok(jobResponse(findJob(ctx), ctx.core.config.get().output_files_order)))
		.add('GET', '/api/v1/jobs/:job_id/details', (ctx) => ok(jobDetails(findJob(ctx))))
		.add('GET', '/api/v1/jobs/:job_id/failed-files', (ctx) => ok(failedFiles(findJob(ctx), ctx.core.config.get().failed_file_document)))
		.add('GET', '/api/v1/jobs/:job_id/download', downloadOutput)
		.add('POST', '/api/v1/jobs/:job_id/cancel', cancelJob);
}
