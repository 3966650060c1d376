/**
 * A logged-in session on n8n's internal REST API (what the editor uses): the `n8n-auth` cookie
 * plus a `browser-id` header (n8n binds the cookie to it and answers 401 without it). For a
 * browser test, `cookie` and `browserId` can be put into the browser context (cookie `n8n-auth`,
 * localStorage `n8n-browserId`).
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { DEFAULT_OWNER } from './config';
import { ensureN8n } from './install';
import type { RunExecutionData } from './executions';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export class RestError extends Error {
	constructor(
		message: string,
		readonly status: number,
		readonly body: unknown,
	) {
		super(message);
		this.name = 'RestError';
	}
}

/** Node type description as /types/nodes.json lists it (the fields tests look at). */
export interface NodeTypeDescription {
	name: string;
	displayName: string;
	version: number | number[];
	group?: string[];
	usableAsTool?: boolean;
	credentials?: Array<{ name: string; required?: boolean }>;
	properties: Array<{ name: string; displayName?: string; type?: string; options?: Array<Record<string, unknown>>; [key: string]: unknown }>;
	codex?: Record<string, unknown>;
	iconUrl?: string | { light: string; dark: string };
	icon?: unknown;
	[key: string]: unknown;
}

export interface CredentialTypeDescription {
	name: string;
	displayName: string;
	properties: Array<{ name: string; type?: string; default?: unknown; [key: string]: unknown }>;
	authenticate?: unknown;
	test?: unknown;
	[key: string]: unknown;
}

export class N8nRestSession {
	private constructor(
		readonly baseUrl: string,
		/** Value of the `n8n-auth` cookie. */
		readonly cookie: string,
		readonly browserId: string,
		readonly owner: Owner,
	) {}

	/**
	 * Sets the instance owner up (first call on a fresh instance) or logs the owner in, and returns
	 * the session. The owner is the same user that CLI-imported workflows and credentials belong to.
	 */
	static async owner(baseUrl: string, owner: Owner = DEFAULT_OWNER): Promise<N8nRestSession> {
		const browserId = `e2e-${process.pid}-${Date.now()}`;
		const url = baseUrl.replace(/\/+$/, '');
		const settings = (await rawRequest(url, 'GET', '/rest/settings', { browserId })).body as {
			data?: { userManagement?: { showSetupOnFirstLoad?: boolean } };
		};
		const needsSetup = settings.data?.userManagement?.showSetupOnFirstLoad !== false;
		const attempt = needsSetup
			? await rawRequest(url, 'POST', '/rest/owner/setup', { browserId, body: owner })
			: await rawRequest(url, 'POST', '/rest/login', {
					browserId,
					body: { emailOrLdapLoginId: owner.email, password: owner.password },
				});
		const cookie = attempt.setCookies
			.map((c) => c.match(/^n8n-auth=([^;]*)/)?.[1])
			.find((v): v is string => Boolean(v));
		if (!cookie) {
			throw new RestError(
				`${needsSetup ? 'owner setup' : 'login'} gave no n8n-auth cookie (HTTP ${attempt.status}): ${JSON.stringify(attempt.body)}`,
				attempt.status,
				attempt.body,
			);
		}
		return new N8nRestSession(url, cookie, browserId, owner);
	}

	/** Any REST call; returns the `data` of n8n's `{data: ...}` envelope (or the raw body). */
	async request<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T> {
		const res = await rawRequest(this.baseUrl, method, pathname, {
			browserId: this.browserId,
			cookie: this.cookie,
			body,
		});
		if (res.status < 200 || res.status >= 300) {
			throw new RestError(`${method} ${pathname} → HTTP ${res.status}: ${JSON.stringify(res.body)}`, res.status, res.body);
		}
		const parsed = res.body as { data?: T } | T;
		return parsed !== null && typeof parsed === 'object' && 'data' in (parsed as object)
			? ((parsed as { data: T }).data as T)
			: (parsed as T);
	}

	/** Every node type the instance knows (the editor's node list), including community packages. */
	async nodeTypes(): Promise<NodeTypeDescription[]> {
		return await this.request<NodeTypeDescription[]>('GET', '/types/nodes.json');
	}

	/** Every credential type the instance knows. */
	async credentialTypes(): Promise<CredentialTypeDescription[]> {
		return await this.request<CredentialTypeDescription[]>('GET', '/types/credentials.json');
	}

	/** Full descriptions of given node types/versions (POST /rest/node-types, as the canvas loads them). */
	async nodeTypeDescriptions(nodeInfos: Array<{ name: string; version: number }>): Promise<NodeTypeDescription[]> {
		return await this.request<NodeTypeDescription[]>('POST', '/rest/node-types', { nodeInfos });
	}

	async settings(): Promise<Record<string, unknown>> {
		return await this.request<Record<string, unknown>>('GET', '/rest/settings');
	}

	async getWorkflow(id: string): Promise<Record<string, unknown> & { versionId: string; active: boolean }> {
		return await this.request('GET', `/rest/workflows/${encodeURIComponent(id)}`);
	}

	/**
	 * Publishes (activates) a workflow on the running server, as the editor's Publish button does.
	 * n8n answers before the triggers are active (it queues the activation); use publishWorkflow()
	 * of lib/publish.ts (or E2eN8n.publish) to wait for it. The CLI's publish:workflow only writes
	 * the database and warns that a running server may not pick it up.
	 */
	async publishWorkflow(id: string): Promise<Record<string, unknown>> {
		const { versionId } = await this.getWorkflow(id);
		return await this.request('POST', `/rest/workflows/${encodeURIComponent(id)}/activate`, { versionId });
	}

	/** Unpublishes (deactivates) a workflow (queued like publishing; see publishWorkflow). */
	async unpublishWorkflow(id: string): Promise<Record<string, unknown>> {
		return await this.request('POST', `/rest/workflows/${encodeURIComponent(id)}/deactivate`, {});
	}

	/**
	 * Runs the credential type's `test` on credential values, as the editor does when a credential
	 * is saved. Without `id` the values are tested as they are (an unsaved credential; needs the
	 * owner); with a stored credential's id, n8n merges the given data into the stored values.
	 * Resolves to `{status: 'OK' | 'Error', message}`.
	 */
	async testCredential(credentials: {
		id?: string;
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ status: string; message: string }> {
		return await this.request('POST', '/rest/credentials/test', { credentials: { id: '', ...credentials } });
	}

	/** A saved execution with its run data (the REST API returns it flatted; parsed here). */
	async getExecution(id: number | string): Promise<Record<string, unknown> & { status: string; data: RunExecutionData }> {
		const execution = await this.request<Record<string, unknown> & { status: string; data: string | RunExecutionData }>(
			'GET',
			`/rest/executions/${encodeURIComponent(String(id))}`,
		);
		if (typeof execution.data === 'string') {
			const install = await ensureN8n();
			const requireFromN8n = createRequire(path.join(install.n8nModules, 'n8n', 'package.json'));
			const { parse } = requireFromN8n('flatted') as { parse: (text: string) => RunExecutionData };
			return { ...execution, data: parse(execution.data) };
		}
		return execution as Record<string, unknown> & { status: string; data: RunExecutionData };
	}
}

interface RawResponse {
	status: number;
	body: unknown;
	setCookies: string[];
}

async function rawRequest(
	baseUrl: string,
	method: string,
	pathname: string,
	options: { browserId: string; cookie?: string; body?: unknown },
): Promise<RawResponse> {
	const headers: Record<string, string> = { 'browser-id': options.browserId, accept: 'application/json' };
	if (options.cookie) headers.cookie = `n8n-auth=${options.cookie}`;
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	const res = await fetch(`${baseUrl}${pathname}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
		signal: AbortSignal.timeout(60_000),
	});
	const text = await res.text();
	let body: unknown = text;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {
		// not JSON: keep the text
	}
	return { status: res.status, body, setCookies: res.headers.getSetCookie() };
}
