import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { requireUuid } from '../../../helpers/validate';

/** The one "events of one workflow" field, inside the Filters or Options collection of an event operation. */
export const eventWorkflowIdOption: INodeProperties = {
	displayName: 'Workflow ID',
	name: 'workflowId',
	type: 'string',
	default: '',
	placeholder: 'e.g. 5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10',
	description: 'Only the events of this service workflow (workspace-level events, e.g. of on-demand jobs, have none)',
};

/** The workflow id of a collection, checked to be a UUID; undefined when not set. */
export function eventWorkflowIdFrom(ctx: IExecuteFunctions, itemIndex: number, collection: string, raw: unknown): string | undefined {
	if (raw === undefined || raw === '') return undefined;
	return requireUuid(executingNode(ctx), `${collection} → Workflow ID`, raw, itemIndex);
}

/** A date-time field as ISO 8601 UTC, refused locally when it is no date. */
export function isoDateFrom(ctx: IExecuteFunctions, itemIndex: number, field: string, raw: unknown): string {
	const text = typeof raw === 'string' ? raw.trim() : raw instanceof Date ? raw.toISOString() : '';
	const time = text === '' ? NaN : Date.parse(text);
	if (!Number.isFinite(time)) {
		throw new NodeOperationError(executingNode(ctx), text === '' ? `${field} is empty` : `${field} "${text.slice(0, 60)}" is not a date`, {
			itemIndex,
			description: `Enter a date and time, e.g. 2025-05-02T10:15:00Z (ISO 8601).`,
		});
	}
	return new Date(time).toISOString();
}
