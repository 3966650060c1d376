import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import type { JobNode } from '../pipeline/pipeline';
import { callService, LIST_ANSWER, type CallContext } from '../transport';
import { appendAll } from '../helpers/arrays';

/**
 * A stored workflow. The client's answer lists `sources`/`destinations` and gives `schedule` as
 * `{crontab_entries}`, the live reference shows `source_id`/`destination_id` and the schedule
 * phrase: both are read, every other field passes through.
 */
const workflowShape = z
	.object({
		id: z.string().min(1),
		name: z.string(),
		status: z.string().nullish(),
		workflow_type: z.string().nullish(),
		sources: z.array(z.string()).nullish(),
		destinations: z.array(z.string()).nullish(),
		source_id: z.string().nullish(),
		destination_id: z.string().nullish(),
		workflow_nodes: z.array(z.record(z.unknown())).nullish(),
		schedule: z.union([z.string(), z.record(z.unknown())]).nullish(),
		created_at: z.string().nullish(),
		updated_at: z.string().nullish(),
	})
	.passthrough();

export type Workflow = z.infer<typeof workflowShape> & IDataObject;

export const workflowSchema = workflowShape.transform((workflow) => workflow as Workflow);

/** The documented list answer is a bare array; `{items}` is read too. */
const workflowListSchema = z
	.union([z.array(workflowSchema), z.object({ items: z.array(workflowSchema) }).passthrough()])
	.transform((answer) => (Array.isArray(answer) ? answer : answer.items));

/** The documented schedule phrases of a create/update request. */
export const WORKFLOW_SCHEDULES = [
	'every 15 minutes',
	'every hour',
	'every 2 hours',
	'every 4 hours',
	'every 6 hours',
	'every 8 hours',
	'every 10 hours',
	'every 12 hours',
	'daily',
	'weekly',
	'monthly',
] as const;

/** Create/update body; an update sends only the fields given (the service keeps the others). */
export interface WorkflowFields {
	name?: string;
	workflow_type?: string;
	source_id?: string | null;
	destination_id?: string | null;
	template_id?: string;
	workflow_nodes?: JobNode[];
	schedule?: string | null;
	reprocess_all?: boolean;
}

export interface WorkflowQuery {
	page?: number;
	page_size?: number;
	status?: string;
	source_id?: string;
	destination_id?: string;
	name?: string;
	created_since?: string;
	created_before?: string;
	sort_by?: string;
	sort_direction?: 'asc' | 'desc';
}

const idPath = (workflowId: string): string => `/workflows/${encodeURIComponent(workflowId)}`;
const notFound = (workflowId: string): string => `Workflow "${workflowId}"`;

export async function createWorkflow(call: CallContext, fields: WorkflowFields): Promise<Workflow> {
	return await callService(call, {
		method: 'POST',
		path: '/workflows/',
		endpoint: 'POST /api/v1/workflows/',
		json: fields,
		idempotent: false,
		schema: workflowSchema,
		notFound: 'A source, destination or template the workflow names',
	});
}

export async function getWorkflow(call: CallContext, workflowId: string): Promise<Workflow> {
	return await callService(call, {
		method: 'GET',
		path: idPath(workflowId),
		endpoint: 'GET /api/v1/workflows/{workflow_id}',
		idempotent: true,
		schema: workflowSchema,
		notFound: notFound(workflowId),
	});
}

/** One page of workflows (page-number pagination; the answer carries no total). */
export async function listWorkflows(call: CallContext, query: WorkflowQuery): Promise<Workflow[]> {
	return await callService(call, {
		method: 'GET',
		path: '/workflows/',
		endpoint: 'GET /api/v1/workflows/',
		query: { ...query },
		idempotent: true,
		schema: workflowListSchema,
		answerLimit: LIST_ANSWER,
	});
}

/** PUT with the fields to change: the service's update is a PUT whose fields are all optional. */
export async function updateWorkflow(call: CallContext, workflowId: string, fields: WorkflowFields): Promise<Workflow> {
	return await callService(call, {
		method: 'PUT',
		path: idPath(workflowId),
		endpoint: 'PUT /api/v1/workflows/{workflow_id}',
		json: fields,
		idempotent: true,
		schema: workflowSchema,
		notFound: notFound(workflowId),
	});
}

/** The answer's shape is not documented: whatever JSON comes back (or none) is ignored. */
export async function deleteWorkflow(call: CallContext, workflowId: string): Promise<void> {
	await callService(call, {
		method: 'DELETE',
		path: idPath(workflowId),
		endpoint: 'DELETE /api/v1/workflows/{workflow_id}',
		idempotent: true,
		notFound: notFound(workflowId),
		settledEarlier: { statuses: [404], value: undefined },
	});
}

/**
 * Pages through the list until `max` workflows are collected (all of them without `max`). The
 * answer has no total or next link, so a page shorter than the page size is the last one.
 */
export async function collectWorkflows(call: CallContext, query: WorkflowQuery, pageSize: number, max?: number): Promise<Workflow[]> {
	const collected: Workflow[] = [];
	for (let page = 1; max === undefined || collected.length < max; page++) {
		const batch = await listWorkflows(call, { ...query, page, page_size: pageSize });
		appendAll(collected, batch);
		if (batch.length < pageSize) break;
	}
	return max === undefined ? collected : collected.slice(0, max);
}
