import { randomUUID } from 'node:crypto';
import { configPatchSchema } from '../config';
import { faultInputSchema } from '../faults';
import { isPlainObject, readJsonBody, readJsonObject } from '../http/body';
import { HttpError, notFound, ok, type Reply, type ValidationIssue } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { validateJobNodes } from '../jobs/job-nodes';
import type { JobNodeSpec } from '../jobs/job-types';
import { jobResponse } from '../jobs/job-view';
import { DEFAULT_WORKFLOW_ID } from '../state';
import type { ZodError } from 'zod';

function zodIssues(error: ZodError): ValidationIssue[] {
	return error.issues.map((issue) => ({ type: issue.code, loc: ['body', ...issue.path], msg: `${issue.path.join('.') || 'body'}: ${issue.message}` }));
}

async function setConfig(ctx: RouteContext): Promise<Reply> {
	const parsed = configPatchSchema.safeParse(await readJsonBody(ctx.req));
	if (!parsed.success) throw new HttpError(422, zodIssues(parsed.error));
	const config = ctx.core.config.merge(parsed.data);
	ctx.core.scheduler.pumpAll();
	return ok(config);
}

async function finishJob(ctx: RouteContext): Promise<Reply> {
	const id = ctx.params.job_id ?? '';
	const body = await readJsonObject(ctx.req);
	const status = body.status;
	if (status !== 'COMPLETED' && status !== 'FAILED' && status !== 'STOPPED') {
		throw new HttpError(422, [{ type: 'enum', loc: ['body', 'status'], msg: "status: must be 'COMPLETED', 'FAILED' or 'STOPPED'" }]);
	}
	const job = ctx.core.store.jobs.get(id);
	if (!job) throw notFound('job', id);
	const finished = await ctx.core.scheduler.finish(job, status);
	if (!finished) throw new HttpError(409, `job ${id} is already ${job.status}`);
	return ok({ ...jobResponse(job), failure: job.failure ?? null });
}

async function createWorkflow(ctx: RouteContext): Promise<Reply> {
	const body = (await readJsonBody(ctx.req)) ?? {};
	if (!isPlainObject(body)) throw new HttpError(422, 'body must be a JSON object');
	if (body.name !== undefined && typeof body.name !== 'string') throw new HttpError(422, 'name must be a string');
	const jobNodes: JobNodeSpec[] =
		body.job_nodes === undefined ? (ctx.core.store.workflows.get(DEFAULT_WORKFLOW_ID)?.job_nodes ?? []) : validateJobNodes(body.job_nodes, ['body']);
	const workflow = { id: randomUUID(), name: typeof body.name === 'string' ? body.name : 'Emulator workflow', job_nodes: jobNodes, created_at: new Date() };
	ctx.core.store.workflows.set(workflow.id, workflow);
	return ok({ id: workflow.id, name: workflow.name });
}

async function addFault(ctx: RouteContext): Promise<Reply> {
	const parsed = faultInputSchema.safeParse(await readJsonBody(ctx.req));
	if (!parsed.success) throw new HttpError(422, zodIssues(parsed.error));
	return ok(ctx.core.faults.add(parsed.data));
}

function jobDetails(ctx: RouteContext): Reply {
	const id = ctx.params.job_id ?? '';
	const job = ctx.core.store.jobs.get(id);
	if (!job) throw notFound('job', id);
	return ok({
		...jobResponse(job),
		kind: job.kind,
		failure: job.failure ?? null,
		nodes: job.nodes,
		files: job.files.map(({ bytes: _bytes, ...file }) => file),
	});
}

/** Test-only endpoints; no authentication, never faulted, not written to the request log. */
export function registerControlRoutes(router: Router): void {
	router
		.add('GET', '/_emulator/config', (ctx) => ok(ctx.core.config.get()))
		.add('POST', '/_emulator/config', setConfig)
		.add('GET', '/_emulator/jobs/:job_id', jobDetails)
		.add('POST', '/_emulator/jobs/:job_id/finish', finishJob)
		.add('POST', '/_emulator/workflows', createWorkflow)
		.add('GET', '/_emulator/workflows', (ctx) => ok({ workflows: [...ctx.core.store.workflows.values()] }))
		.add('GET', '/_emulator/outbox', (ctx) => ok({ messages: ctx.core.store.outbox }))
		.add('GET', '/_emulator/secrets', (ctx) =>
			ok({ secrets: [...ctx.core.store.secrets.values()].map(({ id, type, plaintext }) => ({ id, type, plaintext })) }),
		)
		.add('GET', '/_emulator/events', (ctx) => ok({ events: [...ctx.core.store.events.values()] }))
		.add('GET', '/_emulator/requests', (ctx) => ok({ requests: ctx.core.requestLog.list() }))
		.add('DELETE', '/_emulator/requests', (ctx) => {
			ctx.core.requestLog.clear();
			return { status: 204 };
		})
		.add('GET', '/_emulator/state', (ctx) => ok(ctx.core.store.counts()))
		.add('GET', '/_emulator/deliveries', (ctx) => ok({ deliveries: ctx.core.store.deliveries }))
		.add('GET', '/_emulator/faults', (ctx) => ok({ faults: ctx.core.faults.list() }))
		.add('POST', '/_emulator/faults', addFault)
		.add('DELETE', '/_emulator/faults', (ctx) => {
			ctx.core.faults.clear();
			return { status: 204 };
		})
		.add('POST', '/_emulator/reset', (ctx) => {
			ctx.core.reset();
			return ok({ reset: true });
		});
}
