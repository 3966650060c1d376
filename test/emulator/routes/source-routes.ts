import { randomUUID } from 'node:crypto';
import { isPlainObject, readJsonObject } from '../http/body';
import { HttpError, ok, type Reply, type ValidationIssue } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { checkSourceConfig, maskedConfig } from '../sources/source-config';
import type { StoredSource } from '../state';

function sourceResponse(source: StoredSource): Record<string, unknown> {
	return {
		id: source.id,
		name: source.name,
		type: source.type,
		config: maskedConfig(source.config, source.secretKeys),
		created_at: source.created_at.toISOString(),
		updated_at: source.updated_at.toISOString(),
	};
}

async function createSource(ctx: RouteContext): Promise<Reply> {
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const issues: ValidationIssue[] = [];
	const { name, type, config } = body;
	if (typeof name !== 'string' || name.trim() === '') issues.push({ type: 'missing', loc: ['body', 'name'], msg: 'name: a non-empty string is required' });
	if (typeof type !== 'string' || type.trim() === '') issues.push({ type: 'missing', loc: ['body', 'type'], msg: 'type: a non-empty string is required' });
	if (!isPlainObject(config)) issues.push({ type: 'dict_type', loc: ['body', 'config'], msg: 'config: an object is required' });
	if (issues.length > 0 || typeof name !== 'string' || typeof type !== 'string' || !isPlainObject(config)) throw new HttpError(422, issues);
	const checked = checkSourceConfig(type, config, ctx.core.store);
	const now = new Date();
	const source: StoredSource = { id: randomUUID(), name, type, config: checked.config, secretKeys: checked.secretKeys, created_at: now, updated_at: now };
	ctx.core.store.sources.set(source.id, source);
	return ok(sourceResponse(source));
}

export function registerSourceRoutes(router: Router): void {
	router.add('POST', '/api/v1/sources', createSource);
}
