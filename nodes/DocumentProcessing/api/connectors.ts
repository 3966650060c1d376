import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import { callService, LIST_ANSWER, type CallContext } from '../transport';

/**
 * Source and destination connectors: the same record, calls and connection checks under
 * `/sources` and `/destinations` (documented-service §3).
 */
export type ConnectorKind = 'source' | 'destination';

interface KindNames {
	collection: string;
	idName: string;
	typeQuery: string;
	label: string;
}

const KINDS: Record<ConnectorKind, KindNames> = {
	source: { collection: '/sources', idName: 'source_id', typeQuery: 'source_type', label: 'Source connector' },
	destination: { collection: '/destinations', idName: 'destination_id', typeQuery: 'destination_type', label: 'Destination connector' },
};

export const connectorSchema = z
	.object({
		id: z.string().min(1),
		name: z.string(),
		type: z.string(),
		// Secret fields come back masked with asterisks.
		config: z.record(z.unknown()),
		created_at: z.string().nullish(),
		updated_at: z.string().nullish(),
	})
	.passthrough()
	.transform((connector) => connector as IDataObject & Connector);

export interface Connector {
	id: string;
	name: string;
	type: string;
	config: IDataObject;
	created_at?: string | null;
	updated_at?: string | null;
}

export interface ConnectorRequest {
	name: string;
	type: string;
	/** Secret fields must already be references `{id, type}`: plaintext is never sent here. */
	config: Record<string, unknown>;
}

/** `SCHEDULED` until the service has tried the connection; an unknown status is kept as sent. */
export const CHECK_DONE = ['SUCCESS', 'FAILURE'] as const;

export const connectionCheckSchema = z
	.object({
		id: z.string().min(1),
		status: z.string().min(1),
		created_at: z.string().nullish(),
		reason: z.string().nullish(),
		reported_at: z.string().nullish(),
	})
	.passthrough()
	.transform((check) => check as IDataObject & ConnectionCheck);

export interface ConnectionCheck {
	id: string;
	status: string;
	created_at?: string | null;
	reason?: string | null;
	reported_at?: string | null;
}

function itemPath(kind: ConnectorKind, id: string, suffix = ''): string {
	return `${KINDS[kind].collection}/${encodeURIComponent(id)}${suffix}`;
}

function endpoint(method: string, kind: ConnectorKind, suffix = ''): string {
	return `${method} /api/v1${KINDS[kind].collection}/{${KINDS[kind].idName}}${suffix}`;
}

const notFound = (kind: ConnectorKind, id: string): string => `${KINDS[kind].label} "${id}"`;

export async function createConnector(call: CallContext, kind: ConnectorKind, request: ConnectorRequest): Promise<IDataObject & Connector> {
	return await callService(call, {
		method: 'POST',
		path: KINDS[kind].collection,
		endpoint: `POST /api/v1${KINDS[kind].collection}`,
		json: request,
		idempotent: false,
		schema: connectorSchema,
		notFound: 'A secret or resource referenced in the config',
	});
}

export async function getConnector(call: CallContext, kind: ConnectorKind, id: string): Promise<IDataObject & Connector> {
	return await callService(call, {
		method: 'GET',
		path: itemPath(kind, id),
		endpoint: endpoint('GET', kind),
		idempotent: true,
		schema: connectorSchema,
		notFound: notFound(kind, id),
	});
}

/** Every connector of the kind (the service does not page them), optionally of one type. */
export async function listConnectors(call: CallContext, kind: ConnectorKind, type?: string): Promise<Array<IDataObject & Connector>> {
	return await callService(call, {
		method: 'GET',
		path: `${KINDS[kind].collection}/`,
		endpoint: `GET /api/v1${KINDS[kind].collection}/`,
		query: { [KINDS[kind].typeQuery]: type },
		idempotent: true,
		schema: z.array(connectorSchema),
		answerLimit: LIST_ANSWER,
	});
}

/** Replaces the whole config (the service keeps name and type); secrets must be references already. */
export async function updateConnector(call: CallContext, kind: ConnectorKind, id: string, config: Record<string, unknown>): Promise<IDataObject & Connector> {
	return await callService(call, {
		method: 'PUT',
		path: itemPath(kind, id),
		endpoint: endpoint('PUT', kind),
		json: { config },
		// The same full config twice leaves the same connector.
		idempotent: true,
		schema: connectorSchema,
		notFound: notFound(kind, id),
	});
}

/** `deletedEarlier`: a resend after an attempt the service may have carried out met 404. */
export type ConnectorRemoval = 'deleted' | 'deletedEarlier';

export async function deleteConnector(call: CallContext, kind: ConnectorKind, id: string): Promise<ConnectorRemoval> {
	return await callService<ConnectorRemoval>(call, {
		method: 'DELETE',
		path: itemPath(kind, id),
		endpoint: endpoint('DELETE', kind),
		idempotent: true,
		// Documented as 200 with a body of unspecified shape; 204 is accepted too.
		schema: z.unknown().transform((): ConnectorRemoval => 'deleted'),
		settledEarlier: { statuses: [404], value: 'deletedEarlier' },
		notFound: notFound(kind, id),
	});
}

// Documented as 202 with the check record; an answer without one is read back.
const startedCheckSchema = z.unknown().transform((body) => {
	const check = connectionCheckSchema.safeParse(body);
	return check.success ? check.data : undefined;
});

export async function startConnectionCheck(call: CallContext, kind: ConnectorKind, id: string): Promise<IDataObject & ConnectionCheck> {
	const started = await callService(call, {
		method: 'POST',
		path: itemPath(kind, id, '/connection-check'),
		endpoint: endpoint('POST', kind, '/connection-check'),
		// Starting a second check only tries the connection once more.
		idempotent: true,
		schema: startedCheckSchema,
		notFound: notFound(kind, id),
	});
	return started ?? (await getConnectionCheck(call, kind, id));
}

/** The connector's latest connection check. */
export async function getConnectionCheck(call: CallContext, kind: ConnectorKind, id: string): Promise<IDataObject & ConnectionCheck> {
	return await callService(call, {
		method: 'GET',
		path: itemPath(kind, id, '/connection-check'),
		endpoint: endpoint('GET', kind, '/connection-check'),
		idempotent: true,
		schema: connectionCheckSchema,
		notFound: `A connection check of ${notFound(kind, id).replace(/^\w/, (c) => c.toLowerCase())}`,
	});
}
