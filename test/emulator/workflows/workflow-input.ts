import { isPlainObject } from '../http/body';
import { HttpError, type ValidationIssue } from '../http/reply';
import { validateJobNodes } from '../jobs/job-nodes';
import type { StoredWorkflow } from '../jobs/job-types';
import type { EmulatorStore } from '../state';
import { findTemplate } from './templates';

/** Both readings of the documented types: the client's and the live reference's. */
export const WORKFLOW_TYPES = ['basic', 'advanced', 'platinum', 'custom', 'auto', 'template'];
export const SCHEDULES = ['every 15 minutes', 'every hour', 'every 2 hours', 'every 4 hours', 'every 6 hours', 'every 8 hours', 'every 10 hours', 'every 12 hours', 'daily', 'weekly', 'monthly'];

export type WorkflowChanges = Partial<Pick<StoredWorkflow, 'name' | 'workflow_type' | 'source_id' | 'destination_id' | 'schedule' | 'reprocess_all' | 'job_nodes'>>;

const issue = (field: string, msg: string, type = 'value_error'): ValidationIssue => ({ type, loc: ['body', field], msg: `${field}: ${msg}` });

function connector(store: EmulatorStore, body: Record<string, unknown>, field: 'source_id' | 'destination_id', issues: ValidationIssue[]): string | null | undefined {
	const value = body[field];
	if (value === undefined || value === null) return value;
	const known = field === 'source_id' ? store.sources : store.destinations;
	if (typeof value !== 'string' || !known.has(value)) issues.push(issue(field, `no ${field === 'source_id' ? 'source' : 'destination'} connector ${JSON.stringify(value)}`));
	return typeof value === 'string' ? value : undefined;
}

/**
 * The create/update body as the documented service checks it: known type, schedule phrase, the
 * connectors and template it names exist, and the nodes as a job's (validated the same way).
 * `creating` adds create's rules: name and type are required, a custom workflow needs nodes.
 */
export function readWorkflowBody(store: EmulatorStore, body: Record<string, unknown>, creating: boolean): WorkflowChanges {
	const issues: ValidationIssue[] = [];
	const changes: WorkflowChanges = {};
	if (body.name !== undefined || creating) {
		if (typeof body.name !== 'string' || body.name.trim() === '') issues.push(issue('name', 'a non-empty string is required', 'missing'));
		else changes.name = body.name;
	}
	if (body.workflow_type !== undefined || creating) {
		if (typeof body.workflow_type !== 'string' || !WORKFLOW_TYPES.includes(body.workflow_type)) issues.push(issue('workflow_type', `must be one of ${WORKFLOW_TYPES.join(', ')}`, 'enum'));
		else changes.workflow_type = body.workflow_type;
	}
	const source = connector(store, body, 'source_id', issues);
	const destination = connector(store, body, 'destination_id', issues);
	if (source !== undefined) changes.source_id = source;
	if (destination !== undefined) changes.destination_id = destination;
	if (body.schedule !== undefined) {
		if (body.schedule !== null && (typeof body.schedule !== 'string' || !SCHEDULES.includes(body.schedule))) issues.push(issue('schedule', `must be one of ${SCHEDULES.join(', ')}`, 'enum'));
		else changes.schedule = body.schedule;
	}
	if (body.reprocess_all !== undefined && body.reprocess_all !== null) {
		if (typeof body.reprocess_all !== 'boolean') issues.push(issue('reprocess_all', 'must be a boolean', 'bool_type'));
		else changes.reprocess_all = body.reprocess_all;
	}
	if (typeof body.template_id === 'string') {
		const template = findTemplate(body.template_id);
		if (!template) issues.push(issue('template_id', `no template ${JSON.stringify(body.template_id)}`));
		else changes.job_nodes = template.nodes;
	} else if (body.workflow_nodes !== undefined && body.workflow_nodes !== null) {
		if (!Array.isArray(body.workflow_nodes)) issues.push(issue('workflow_nodes', 'must be an array of nodes'));
		else changes.job_nodes = validateJobNodes(body.workflow_nodes, ['body']);
	} else if (creating && changes.workflow_type === 'custom') {
		issues.push(issue('workflow_nodes', 'a custom workflow needs workflow_nodes or a template_id', 'missing'));
	}
	if (issues.length > 0) throw new HttpError(422, issues);
	return changes;
}

/** The documented rule: without a source a workflow runs on uploaded files only, so it has no schedule. */
export function checkScheduleHasSource(workflow: Pick<StoredWorkflow, 'schedule' | 'source_id'>): void {
	if (workflow.schedule && !workflow.source_id) {
		throw new HttpError(422, [issue('schedule', 'a workflow without a source connector cannot have a schedule')]);
	}
}

export function isObjectBody(body: unknown): body is Record<string, unknown> {
	return isPlainObject(body);
}
