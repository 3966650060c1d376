import { readJsonObject } from '../http/body';
import { HttpError, ok, type Reply, type ValidationIssue } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import type { NotificationEvent } from '../channels/channel-types';

/**
 * The event inbox (documented-service §6.1): list newest first with a cursor, mark read, count
 * unread. Read state is per user; the emulator has one user per API key and one key.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 100;

const invalidQuery = (name: string, msg: string, type = 'value_error'): HttpError => new HttpError(422, [{ type, loc: ['query', name], msg: `${name}: ${msg}` }]);

function workflowFilter(ctx: RouteContext): string | undefined {
	const id = ctx.query.get('workflow_id');
	if (id === null) return undefined;
	if (!UUID.test(id)) throw invalidQuery('workflow_id', 'must be a UUID', 'uuid_parsing');
	return id;
}

/** Newest first; equal times are ordered by id so that a cursor names one place in the list. */
function newestFirst(a: NotificationEvent, b: NotificationEvent): number {
	return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

const cursorOf = (event: NotificationEvent): string => Buffer.from(`${event.created_at}|${event.id}`).toString('base64url');

function afterCursor(cursor: string): (event: NotificationEvent) => boolean {
	const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
	if (!createdAt || !id || !Number.isFinite(Date.parse(createdAt))) throw invalidQuery('cursor', 'not a cursor this service gave out');
	const last = { created_at: createdAt, id } as NotificationEvent;
	return (event) => newestFirst(last, event) < 0;
}

function listEvents(ctx: RouteContext): Reply {
	const workflowId = workflowFilter(ctx);
	const types = (ctx.query.get('event_types') ?? '').split(',').map((type) => type.trim()).filter(Boolean);
	const sinceText = ctx.query.get('since');
	const since = sinceText === null ? undefined : Date.parse(sinceText);
	if (since !== undefined && !Number.isFinite(since)) throw invalidQuery('since', 'must be an ISO 8601 date-time', 'datetime_parsing');
	const limitText = ctx.query.get('limit') ?? '50';
	const limit = Number(limitText);
	if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) throw invalidQuery('limit', 'must be an integer from 1 to 100');
	const unreadText = (ctx.query.get('unread_only') ?? 'false').toLowerCase();
	if (!['true', 'false'].includes(unreadText)) throw invalidQuery('unread_only', 'must be true or false', 'bool_parsing');
	const cursor = ctx.query.get('cursor');
	const after = cursor === null ? () => true : afterCursor(cursor);
	const matching = [...ctx.core.store.events.values()]
		.filter((event) => workflowId === undefined || event.workflow_id === workflowId)
		.filter((event) => types.length === 0 || types.includes(event.event_type))
		.filter((event) => since === undefined || Date.parse(event.created_at) > since)
		.filter((event) => unreadText === 'false' || !event.is_read)
		.sort(newestFirst)
		.filter(after);
	const page = matching.slice(0, limit);
	const more = matching.length > limit;
	return ok({ events: page, next_cursor: more ? cursorOf(page[page.length - 1]) : null });
}

/** Exactly one of notification_ids, before, mark_all (true); workflow_id only with before or mark_all. */
function chooser(body: Record<string, unknown>): (event: NotificationEvent) => boolean {
	const issues: ValidationIssue[] = [];
	const ids = body.notification_ids ?? null;
	const before = body.before ?? null;
	const markAll = body.mark_all ?? false;
	const workflowId = body.workflow_id ?? null;
	const given = [ids !== null, before !== null, markAll === true].filter(Boolean).length;
	if (given !== 1) issues.push({ type: 'value_error', loc: ['body'], msg: 'exactly one of notification_ids, before or mark_all must be given' });
	if (ids !== null && (!Array.isArray(ids) || ids.length > MAX_IDS || ids.some((id) => typeof id !== 'string' || !UUID.test(id)))) {
		issues.push({ type: 'value_error', loc: ['body', 'notification_ids'], msg: `notification_ids: an array of at most ${MAX_IDS} UUIDs is required` });
	}
	if (before !== null && (typeof before !== 'string' || !Number.isFinite(Date.parse(before)))) {
		issues.push({ type: 'datetime_parsing', loc: ['body', 'before'], msg: 'before: an ISO 8601 date-time is required' });
	}
	if (typeof markAll !== 'boolean') issues.push({ type: 'bool_type', loc: ['body', 'mark_all'], msg: 'mark_all: must be a boolean' });
	if (workflowId !== null && (typeof workflowId !== 'string' || !UUID.test(workflowId))) {
		issues.push({ type: 'uuid_parsing', loc: ['body', 'workflow_id'], msg: 'workflow_id: must be a UUID' });
	} else if (workflowId !== null && ids !== null) {
		issues.push({ type: 'value_error', loc: ['body', 'workflow_id'], msg: 'workflow_id: only allowed together with before or mark_all' });
	}
	if (issues.length > 0) throw new HttpError(422, issues);
	if (Array.isArray(ids)) return (event) => ids.includes(event.id);
	const inWorkflow = (event: NotificationEvent): boolean => workflowId === null || event.workflow_id === workflowId;
	if (typeof before === 'string') return (event) => inWorkflow(event) && Date.parse(event.created_at) < Date.parse(before);
	return inWorkflow;
}

async function markRead(ctx: RouteContext): Promise<Reply> {
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const chosen = chooser(body);
	let marked = 0;
	for (const event of ctx.core.store.events.values()) {
		if (event.is_read || !chosen(event)) continue;
		event.is_read = true;
		marked++;
	}
	return ok({ marked_count: marked });
}

function unreadCount(ctx: RouteContext): Reply {
	const workflowId = workflowFilter(ctx);
	const count = [...ctx.core.store.events.values()].filter((event) => !event.is_read && (workflowId === undefined || event.workflow_id === workflowId)).length;
	return ok({ unread_count: count });
}

/** Registered before `GET /notifications/{id}`, which would otherwise take `unread-count` for an id. */
export function registerNotificationRoutes(router: Router): void {
	router
		.add('GET', '/api/v1/notifications', listEvents)
		.add('POST', '/api/v1/notifications/mark-read', markRead)
		.add('GET', '/api/v1/notifications/unread-count', (ctx) => {
			if (ctx.core.config.get().unread_count_path !== 'unread-count') throw new HttpError(404, 'notification unread-count not found');
			return unreadCount(ctx);
		})
		.add('GET', '/api/v1/notifications/count', (ctx) => {
			if (ctx.core.config.get().unread_count_path !== 'count') throw new HttpError(404, 'notification count not found');
			return unreadCount(ctx);
		});
}
