import { randomUUID } from 'node:crypto';
import { readJsonObject } from '../http/body';
import { HttpError, notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import type { StoredWorkflow } from '../jobs/job-types';
import { checkScheduleHasSource, readWorkflowBody } from '../workflows/workflow-input';

const CRON: Record<string, string> = {
	'every 15 minutes': '*/15 * * * *',
	'every hour': '0 * * * *',
	daily: '0 0 * * *',
	weekly: '0 0 * * 0',
	monthly: '0 0 1 * *',
};
const cronOf = (phrase: string): string => CRON[phrase] ?? `0 */${/\d+/.exec(phrase)?.[0] ?? '1'} * * *`;

/** The record in the shape the emulator is set to: the client's (arrays, cron entries) or the live reference's. */
export function workflowRecord(ctx: RouteContext, workflow: StoredWorkflow): Record<string, unknown> {
	const common = {
		id: workflow.id,
		name: workflow.name,
		status: workflow.status ?? 'active',
		workflow_type: workflow.workflow_type ?? 'custom',
		workflow_nodes: workflow.job_nodes,
		reprocess_all: workflow.reprocess_all ?? false,
		created_at: workflow.created_at.toISOString(),
		updated_at: workflow.updated_at?.toISOString() ?? null,
	};
	if (ctx.core.config.get().workflow_record_shape === 'live') {
		return { ...common, source_id: workflow.source_id ?? null, destination_id: workflow.destination_id ?? null, schedule: workflow.schedule ?? null };
	}
	return {
		...common,
		sources: workflow.source_id ? [workflow.source_id] : [],
		destinations: workflow.destination_id ? [workflow.destination_id] : [],
		schedule: workflow.schedule ? { crontab_entries: [{ cron_expression: cronOf(workflow.schedule) }] } : null,
	};
}

function findWorkflow(ctx: RouteContext): StoredWorkflow {
	const id = ctx.params.workflow_id ?? '';
	const workflow = ctx.core.store.workflows.get(id);
	if (!workflow) throw notFound('workflow', id);
	return workflow;
}

function nameTaken(ctx: RouteContext, name: string, except?: string): void {
	for (const other of ctx.core.store.workflows.values()) {
		if (other.name === name && other.id !== except) throw new HttpError(409, `a workflow named "${name}" already exists`);
	}
}

async function createWorkflow(ctx: RouteContext): Promise<Reply> {
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const changes = readWorkflowBody(ctx.core.store, body, true);
	const now = new Date();
	const workflow: StoredWorkflow = { id: randomUUID(), name: '', job_nodes: [], created_at: now, updated_at: now, status: 'active', ...changes };
	checkScheduleHasSource(workflow);
	nameTaken(ctx, workflow.name);
	ctx.core.store.workflows.set(workflow.id, workflow);
	return ok(workflowRecord(ctx, workflow));
}

/** PUT: every field optional; what the body leaves out is kept. */
async function updateWorkflow(ctx: RouteContext): Promise<Reply> {
	const workflow = findWorkflow(ctx);
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const changed: StoredWorkflow = { ...workflow, ...readWorkflowBody(ctx.core.store, body, false), updated_at: new Date() };
	checkScheduleHasSource(changed);
	nameTaken(ctx, changed.name, workflow.id);
	ctx.core.store.workflows.set(workflow.id, changed);
	return ok(workflowRecord(ctx, changed));
}

function deleteWorkflow(ctx: RouteContext): Reply {
	const workflow = findWorkflow(ctx);
	ctx.core.store.workflows.delete(workflow.id);
	return ok({ detail: `workflow ${workflow.id} deleted` });
}

const SORTABLE = ['id', 'name', 'created_at', 'updated_at', 'status'];

function positiveInt(ctx: RouteContext, name: string, fallback: number): number {
	const raw = ctx.query.get(name);
	if (raw === null) return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 1) throw new HttpError(422, [{ type: 'int_parsing', loc: ['query', name], msg: `${name}: must be a positive integer` }]);
	return value;
}

function timeFilter(ctx: RouteContext, name: string): number | undefined {
	const raw = ctx.query.get(name);
	if (raw === null) return undefined;
	const time = Date.parse(raw);
	if (Number.isNaN(time)) throw new HttpError(422, [{ type: 'datetime_parsing', loc: ['query', name], msg: `${name}: not a date-time` }]);
	return time;
}

/** Filters, sort and page-number pagination as documented (page 1, size 20 by default); a bare array. */
function listWorkflows(ctx: RouteContext): Reply {
	const q = ctx.query;
	const page = positiveInt(ctx, 'page', 1);
	const size = positiveInt(ctx, 'page_size', 20);
	const sortBy = q.get('sort_by') ?? 'id';
	if (!SORTABLE.includes(sortBy)) throw new HttpError(422, [{ type: 'value_error', loc: ['query', 'sort_by'], msg: `sort_by: one of ${SORTABLE.join(', ')}` }]);
	const direction = q.get('sort_direction') === 'desc' ? -1 : 1;
	const since = timeFilter(ctx, 'created_since');
	const before = timeFilter(ctx, 'created_before');
	const records = [...ctx.core.store.workflows.values()]
		.filter((w) => q.get('status') === null || (w.status ?? 'active') === q.get('status'))
		.filter((w) => q.get('source_id') === null || w.source_id === q.get('source_id'))
		.filter((w) => q.get('destination_id') === null || w.destination_id === q.get('destination_id'))
		.filter((w) => q.get('name') === null || w.name === q.get('name'))
		.filter((w) => since === undefined || w.created_at.getTime() >= since)
		.filter((w) => before === undefined || w.created_at.getTime() < before)
		.map((w) => workflowRecord(ctx, w))
		.sort((a, b) => direction * String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')));
	return ok(records.slice((page - 1) * size, page * size));
}

export function registerWorkflowManageRoutes(router: Router): void {
	router
		.add('POST', '/api/v1/workflows', createWorkflow)
		.add('GET', '/api/v1/workflows', listWorkflows)
		.add('GET', '/api/v1/workflows/:workflow_id', (ctx) => ok(workflowRecord(ctx, findWorkflow(ctx))))
		.add('PUT', '/api/v1/workflows/:workflow_id', updateWorkflow)
		.add('DELETE', '/api/v1/workflows/:workflow_id', deleteWorkflow);
}
