import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { requireUuid } from '../../../checks/validate';

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

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/** Milliseconds the zone is ahead of UTC at that moment. */
function zoneOffset(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(utcMs / 1000) * 1000;
}

/**
 * n8n's date picker gives a time without a zone, meant in the workflow's time zone (Settings ›
 * Timezone); a time with a zone (e.g. from an expression) is taken as it is.
 */
function parseDateTime(text: string, timeZone: string): number {
	if (HAS_ZONE.test(text) || !LOCAL_DATE_TIME.test(text)) return Date.parse(text);
	const asUtc = Date.parse(`${text.length === 10 ? `${text}T00:00:00` : text}Z`);
	return asUtc - zoneOffset(asUtc, timeZone);
}

/** A date-time field as ISO 8601 UTC, refused locally when it is no date. */
export function isoDateFrom(ctx: IExecuteFunctions, itemIndex: number, field: string, raw: unknown): string {
	const text = typeof raw === 'string' ? raw.trim() : raw instanceof Date ? raw.toISOString() : '';
	const time = text === '' ? NaN : parseDateTime(text, ctx.getTimezone());
	if (!Number.isFinite(time)) {
		throw new NodeOperationError(executingNode(ctx), text === '' ? `${field} is empty` : `${field} "${text.slice(0, 60)}" is not a date`, {
			itemIndex,
			description: `Enter a date and time, e.g. 2025-05-02T10:15:00Z (ISO 8601).`,
		});
	}
	return new Date(time).toISOString();
}
