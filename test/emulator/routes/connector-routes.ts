import { randomUUID } from 'node:crypto';
import { isPlainObject, readJsonObject } from '../http/body';
import { HttpError, noContent, notFound, ok, type Reply, type ValidationIssue } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { checkConnectorConfig, maskedConfig } from '../sources/source-config';
import type { StoredCheck, StoredSource } from '../state';

/** Sources and destinations: the same record and calls under two collections (documented-service §3). */
interface Kind {
	kind: 'source' | 'destination';
	collection: 'sources' | 'destinations';
	label: string;
	typeQuery: string;
}

const KINDS: Kind[] = [
	{ kind: 'source', collection: 'sources', label: 'Source connector', typeQuery: 'source_type' },
	{ kind: 'destination', collection: 'destinations', label: 'Destination connector', typeQuery: 'destination_type' },
];

function connectorResponse(connector: StoredSource): Record<string, unknown> {
	return {
		id: connector.id,
		name: connector.name,
		type: connector.type,
		config: maskedConfig(connector.config, connector.secretKeys),
		created_at: connector.created_at.toISOString(),
		updated_at: connector.updated_at.toISOString(),
	};
}

const FAILURE_REASON = 'could not connect with the configured settings: access denied';

/** A check reads SCHEDULED until it settles, then its outcome (decided when it started). */
function checkResponse(check: StoredCheck, now = new Date()): Record<string, unknown> {
	const settled = now >= check.settles_at;
	return {
		id: check.id,
		status: settled ? check.outcome : 'SCHEDULED',
		created_at: check.created_at.toISOString(),
		reason: settled && check.outcome === 'FAILURE' ? FAILURE_REASON : null,
		reported_at: settled ? check.settles_at.toISOString() : null,
	};
}

function store(ctx: RouteContext, kind: Kind): Map<string, StoredSource> {
	return ctx.core.store[kind.collection];
}

function find(ctx: RouteContext, kind: Kind): StoredSource {
	const id = ctx.params.connector_id ?? '';
	const connector = store(ctx, kind).get(id);
	if (!connector) throw notFound(kind.label, id);
	return connector;
}

async function createConnector(ctx: RouteContext, kind: Kind): Promise<Reply> {
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const issues: ValidationIssue[] = [];
	const { name, type, config } = body;
	if (typeof name !== 'string' || name.trim() === '') issues.push({ type: 'missing', loc: ['body', 'name'], msg: 'name: a non-empty string is required' });
	if (typeof type !== 'string' || type.trim() === '') issues.push({ type: 'missing', loc: ['body', 'type'], msg: 'type: a non-empty string is required' });
	if (!isPlainObject(config)) issues.push({ type: 'dict_type', loc: ['body', 'config'], msg: 'config: an object is required' });
	if (issues.length > 0 || typeof name !== 'string' || typeof type !== 'string' || !isPlainObject(config)) throw new HttpError(422, issues);
	const checked = checkConnectorConfig(kind.kind, type, config, ctx.core.store);
	const now = new Date();
	const connector: StoredSource = { id: randomUUID(), name, type, config: checked.config, secretKeys: checked.secretKeys, created_at: now, updated_at: now, checks: [] };
	store(ctx, kind).set(connector.id, connector);
	return ok(connectorResponse(connector));
}

function listConnectors(ctx: RouteContext, kind: Kind): Reply {
	const type = ctx.query.get(kind.typeQuery);
	const list = [...store(ctx, kind).values()].filter((connector) => type === null || connector.type === type);
	return ok(list.map(connectorResponse));
}

/** PUT replaces the whole config (documented: send every setting); name and type stay. */
async function updateConnector(ctx: RouteContext, kind: Kind): Promise<Reply> {
	const connector = find(ctx, kind);
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	if (!isPlainObject(body.config)) throw new HttpError(422, [{ type: 'missing', loc: ['body', 'config'], msg: 'config: an object is required' }]);
	const checked = checkConnectorConfig(kind.kind, connector.type, body.config, ctx.core.store);
	connector.config = checked.config;
	connector.secretKeys = checked.secretKeys;
	connector.updated_at = new Date();
	return ok(connectorResponse(connector));
}

function deleteConnector(ctx: RouteContext, kind: Kind): Reply {
	const connector = find(ctx, kind);
	store(ctx, kind).delete(connector.id);
	if (ctx.core.config.get().connector_delete_reply === 'no_content') return noContent();
	return ok({ detail: `${kind.label} with id ${connector.id} successfully deleted.` });
}

function startCheck(ctx: RouteContext, kind: Kind): Reply {
	const connector = find(ctx, kind);
	const config = ctx.core.config.get();
	const now = new Date();
	const check: StoredCheck = { id: randomUUID(), created_at: now, settles_at: new Date(now.getTime() + config.connection_check_delay_ms), outcome: config.connection_check_outcome };
	connector.checks.push(check);
	return config.connection_check_start_reply === 'empty' ? { status: 202 } : ok(checkResponse(check, now), 202);
}

function latestCheck(ctx: RouteContext, kind: Kind): Reply {
	const connector = find(ctx, kind);
	const check = connector.checks[connector.checks.length - 1];
	if (!check) throw new HttpError(404, `no connection check of ${kind.label.toLowerCase()} ${connector.id} was started`);
	return ok(checkResponse(check));
}

export function registerConnectorRoutes(router: Router): void {
	for (const kind of KINDS) {
		const base = `/api/v1/${kind.collection}`;
		router
			.add('POST', base, async (ctx) => await createConnector(ctx, kind))
			.add('GET', base, (ctx) => listConnectors(ctx, kind))
			.add('GET', `${base}/:connector_id`, (ctx) => ok(connectorResponse(find(ctx, kind))))
			.add('PUT', `${base}/:connector_id`, async (ctx) => await updateConnector(ctx, kind))
			.add('DELETE', `${base}/:connector_id`, (ctx) => deleteConnector(ctx, kind))
			.add('POST', `${base}/:connector_id/connection-check`, (ctx) => startCheck(ctx, kind))
			.add('GET', `${base}/:connector_id/connection-check`, (ctx) => latestCheck(ctx, kind));
	}
}
