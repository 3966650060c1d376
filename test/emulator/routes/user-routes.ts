import { randomUUID } from 'node:crypto';
import { drainBody, readJsonBody } from '../http/body';
import { ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { decryptEnvelope } from '../secrets/decrypt-envelope';

async function retrieveKey(ctx: RouteContext): Promise<Reply> {
	await drainBody(ctx.req);
	const { keys } = ctx.core;
	return ok({ pem_key: keys.publicPem, tenant_id: keys.tenantId, user_id: keys.userId });
}

async function registerSecret(ctx: RouteContext): Promise<Reply> {
	const body = await readJsonBody(ctx.req);
	ctx.log.setJson(body);
	const plaintext = decryptEnvelope(body, ctx.core.keys.privateKey);
	const secret = { id: randomUUID(), type: 'rsa_aes' as const, plaintext, created_at: new Date() };
	ctx.core.store.secrets.set(secret.id, secret);
	return ok({ id: secret.id, type: secret.type });
}

export function registerUserRoutes(router: Router): void {
	router.add('POST', '/api/v1/users/retrieve', retrieveKey).add('POST', '/api/v1/users/secrets', registerSecret);
}
