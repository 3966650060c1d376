import { createPublicKey, randomUUID } from 'node:crypto';
import { drainBody, readJsonBody } from '../http/body';
import { HttpError, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { encryptionCertificate, type EncryptionCertificate } from '../secrets/certificate';
import { decryptEnvelope } from '../secrets/decrypt-envelope';

async function retrieveKey(ctx: RouteContext): Promise<Reply> {
	await drainBody(ctx.req);
	const reply = ctx.core.config.get().retrieve_key_reply;
	if (reply === 'not_found') throw new HttpError(404, 'Not Found');
	if (reply === 'method_not_allowed') throw new HttpError(405, 'Method Not Allowed');
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

// One certificate per account key and emulator process; making the CA key costs a few hundred ms.
const certificates = new Map<string, EncryptionCertificate>();

/** The documented alternative to /users/retrieve: the same RSA key inside an X.509 certificate. */
function certificate(ctx: RouteContext): Reply {
	const { publicPem } = ctx.core.keys;
	let issued = certificates.get(publicPem);
	if (!issued) {
		issued = encryptionCertificate(createPublicKey(publicPem));
		certificates.set(publicPem, issued);
	}
	return ok(issued);
}

export function registerUserRoutes(router: Router): void {
	router
		.add('POST', '/api/v1/users/retrieve', retrieveKey)
		.add('POST', '/api/v1/users/secrets', registerSecret)
		.add('GET', '/api/v1/users/secrets/encryption-certificate', certificate);
}
