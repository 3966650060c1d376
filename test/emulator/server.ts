import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { EmulatorCore } from './core';
import { describeFault, type Fault } from './faults';
import { drainBody } from './http/body';
import { sendFlood } from './http/flood';
import { FILES_PREFIX, FileHost } from './files/file-host';
import { errorReply, HttpError, type Reply } from './http/reply';
import { Router, type RouteContext } from './http/router';
import { RequestLogEntry } from './request-log';
import { registerCatalogRoutes } from './routes/catalog-routes';
import { registerChannelRoutes } from './routes/channel-routes';
import { registerControlRoutes } from './routes/control-routes';
import { registerJobRoutes } from './routes/job-routes';
import { registerNotificationRoutes } from './routes/notification-routes';
import { registerPartitionRoute } from './routes/partition-route';
import { registerConnectorRoutes } from './routes/connector-routes';
import { registerUserRoutes } from './routes/user-routes';
import { registerWorkflowRoutes } from './routes/workflow-routes';

const CONTROL_PREFIX = '/_emulator/';

function buildApiRouter(): Router {
	const router = new Router();
	registerJobRoutes(router);
	registerWorkflowRoutes(router);
	registerPartitionRoute(router);
	registerUserRoutes(router);
	registerConnectorRoutes(router);
	registerCatalogRoutes(router);
	registerNotificationRoutes(router);
	registerChannelRoutes(router);
	return router;
}

function buildControlRouter(): Router {
	const router = new Router();
	registerControlRoutes(router);
	return router;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
	const value = req.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

/** The key a request authenticates with, or an HttpError(401). */
function authenticate(core: EmulatorCore, req: IncomingMessage): string {
	const key = headerValue(req, 'service-api-key');
	if (key === core.apiKey) return key;
	const sdkKey = headerValue(req, 'unstructured-api-key');
	if (core.config.get().accept_sdk_header && sdkKey === core.apiKey) return sdkKey;
	if (key === undefined && sdkKey === undefined) throw new HttpError(401, 'Missing API key: send it in the service-api-key header');
	throw new HttpError(401, 'Invalid API key');
}

async function dispatch(router: Router, ctx: Omit<RouteContext, 'params' | 'apiKey'>, authenticated: boolean): Promise<Reply> {
	try {
		const apiKey = authenticated ? authenticate(ctx.core, ctx.req) : '';
		const match = router.match(ctx.req.method ?? 'GET', ctx.url.pathname);
		if (match === undefined) throw new HttpError(404, `Not Found: ${ctx.url.pathname}`);
		if (match === 'method_not_allowed') throw new HttpError(405, `Method ${ctx.req.method ?? ''} not allowed on ${ctx.url.pathname}`);
		return await match.handler({ ...ctx, apiKey, params: match.params });
	} catch (error) {
		if (error instanceof HttpError) return errorReply(error, ctx.core.config.get().error_body);
		return { status: 500, json: { detail: `emulator error: ${(error as Error).message}` } };
	}
}

function send(res: ServerResponse, reply: Reply, truncate = false): void {
	if (res.destroyed || res.headersSent) return;
	const headers = { ...reply.headers };
	if (reply.json === undefined || reply.status === 204) {
		res.writeHead(reply.status, headers);
		res.end();
		return;
	}
	let payload = Buffer.from(JSON.stringify(reply.json), 'utf8');
	// Well-formed HTTP carrying a cut-off JSON document: what a client sees when a proxy truncates the body.
	if (truncate) payload = payload.subarray(0, Math.max(1, Math.floor(payload.length / 2)));
	res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers });
	res.end(payload);
}

function faultReply(fault: Fault & { status: number }): Reply {
	const headers: Record<string, string> = fault.retry_after !== undefined ? { 'Retry-After': fault.retry_after } : {};
	const json = fault.body !== undefined ? fault.body : { detail: fault.detail ?? `injected fault: HTTP ${fault.status}` };
	return { status: fault.status, json, headers };
}

/**
 * Order of a service request: fault lookup → reset before reading → injected status or flood
 * (handler not run) → auth → route → reset after handling / body replacement / truncation.
 * A fault's delay is spent just before the answer (or the reset) goes out, so a slow answer
 * can still come from a service that acted. The body is always fully read before answering.
 */
async function handleApiRequest(core: EmulatorCore, router: Router, req: IncomingMessage, res: ServerResponse, url: URL, arrivedAt: number): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const log = core.requestLog.begin(method, url, req.headers);
	const fault = core.faults.take(method, url.pathname);
	if (fault) log.record.fault = describeFault(fault);
	const slowHeaders = (): Promise<boolean> => core.requestTimers.sleep(fault?.delay_ms ?? 0);
	if (fault?.reset === 'before_read') {
		await slowHeaders();
		req.socket.destroy();
		return;
	}
	if (fault?.status !== undefined) {
		await drainBody(req);
		await slowHeaders();
		log.record.status = fault.status;
		send(res, faultReply({ ...fault, status: fault.status }));
		return;
	}
	if (fault?.flood_bytes !== undefined || fault?.flood_endless) {
		await drainBody(req);
		await slowHeaders();
		log.record.status = 200;
		await sendFlood(res, { bytes: fault.flood_bytes, chunked: fault.chunked });
		return;
	}
	const reply = await dispatch(router, { req, url, query: url.searchParams, arrivedAt, log, core }, true);
	await drainBody(req);
	await slowHeaders();
	if (fault?.reset === 'after_read') {
		req.socket.destroy();
		return;
	}
	let final = reply;
	if (fault?.body !== undefined && reply.status >= 200 && reply.status < 300) {
		final = { ...reply, status: reply.status === 204 ? 200 : reply.status, json: fault.body };
	}
	log.record.status = final.status;
	send(res, final, fault?.truncate === true);
}

async function handleControlRequest(core: EmulatorCore, router: Router, req: IncomingMessage, res: ServerResponse, url: URL, arrivedAt: number): Promise<void> {
	const log = new RequestLogEntry(req.method ?? 'GET', url, req.headers);
	const reply = await dispatch(router, { req, url, query: url.searchParams, arrivedAt, log, core }, false);
	await drainBody(req);
	send(res, reply);
}

export function createEmulatorServer(core: EmulatorCore): Server {
	const apiRouter = buildApiRouter();
	const controlRouter = buildControlRouter();
	const fileHost = new FileHost();
	const server = createServer((req, res) => {
		const arrivedAt = performance.now();
		const url = new URL(req.url ?? '/', 'http://emulator.invalid');
		if (url.pathname === FILES_PREFIX || url.pathname.startsWith(`${FILES_PREFIX}/`)) {
			fileHost.handle(req, res, url).catch((error: unknown) => send(res, { status: 500, json: { detail: `emulator error: ${(error as Error).message}` } }));
			return;
		}
		const handler = url.pathname.startsWith(CONTROL_PREFIX) ? handleControlRequest : handleApiRequest;
		handler(core, url.pathname.startsWith(CONTROL_PREFIX) ? controlRouter : apiRouter, req, res, url, arrivedAt).catch((error: unknown) => {
			send(res, { status: 500, json: { detail: `emulator error: ${(error as Error).message}` } });
		});
	});
	// Large partitions may keep a request open for a long time; the client decides when to give up.
	server.requestTimeout = 0;
	return server;
}
