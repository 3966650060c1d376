import type { FunctionsBase } from 'n8n-workflow';
import { asOperationError, InputProblem } from '../helpers/inputProblem';

export const CREDENTIAL_TYPE = 'documentProcessingApi';

/** Where and as whom to call the service; built once per execution from the credential. */
export interface ServiceConnection {
	apiKey: string;
	/** Host root of the workflow endpoint, without a trailing slash or `/api/v1`. */
	baseUrl: string;
	/** Full one-shot partition address. */
	partitionUrl: string;
	/** Emulator and tests only: webhook channels may use http to 127.0.0.1, ::1 or localhost. */
	allowHttpWebhooksOnLoopback?: boolean;
}

interface RawCredential {
	apiKey?: unknown;
	baseUrl?: unknown;
	partitionUrl?: unknown;
	allowHttpWebhooksOnLoopback?: unknown;
}

function parseHttpUrl(field: string, raw: unknown): URL {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (!URL.canParse(text)) throw new InputProblem(`The credential's ${field} "${text}" is not a valid URL`);
	const url = new URL(text);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new InputProblem(`The credential's ${field} must start with http:// or https://`);
	}
	if (url.search || url.hash) {
		throw new InputProblem(`The credential's ${field} must not contain a query or fragment`);
	}
	return url;
}

/** Accepts the endpoint with or without a trailing slash and with or without a trailing `/api/v1`. */
export function normaliseBaseUrl(raw: unknown): string {
	const url = parseHttpUrl('Workflow Endpoint', raw);
	const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
	return `${url.origin}${path}`;
}

export function normalisePartitionUrl(raw: unknown): string {
	const url = parseHttpUrl('Partition URL', raw);
	return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

// Items ask for the credential one by one (its fields may be per-item expressions), but nearly
// always get the same values: the parsed result is kept so URL parsing is not paid per item.
const parsedConnections = new Map<string, ServiceConnection>();
const PARSED_CONNECTIONS_KEPT = 64;

export function connectionFromCredential(raw: RawCredential): ServiceConnection {
	if (typeof raw.apiKey !== 'string' || raw.apiKey.trim() === '') {
		throw new InputProblem("The credential's API Key is empty");
	}
	const allowHttp = raw.allowHttpWebhooksOnLoopback === true;
	const cacheKey =
		typeof raw.baseUrl === 'string' && typeof raw.partitionUrl === 'string' ? `${raw.apiKey}\n${raw.baseUrl}\n${raw.partitionUrl}\n${allowHttp}` : undefined;
	const cached = cacheKey === undefined ? undefined : parsedConnections.get(cacheKey);
	if (cached) return { ...cached };
	const connection: ServiceConnection = {
		apiKey: raw.apiKey.trim(),
		baseUrl: normaliseBaseUrl(raw.baseUrl),
		partitionUrl: normalisePartitionUrl(raw.partitionUrl),
		allowHttpWebhooksOnLoopback: allowHttp,
	};
	if (cacheKey !== undefined) {
		if (parsedConnections.size >= PARSED_CONNECTIONS_KEPT) parsedConnections.clear();
		parsedConnections.set(cacheKey, connection);
	}
	return { ...connection };
}

export async function getConnection(
	ctx: Pick<FunctionsBase, 'getCredentials' | 'getNode'>,
	itemIndex?: number,
): Promise<ServiceConnection> {
	const raw = await ctx.getCredentials<RawCredential>(CREDENTIAL_TYPE, itemIndex);
	try {
		return connectionFromCredential(raw);
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex, {
			hint: 'Open the Document Processing API credential and correct the field.',
		});
	}
}
