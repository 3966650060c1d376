import { z } from 'zod';
import { callService, type CallContext } from '../transport';

/**
 * The connector lists behind the "From list" pickers: only what a picker shows (id, name, type)
 * is checked. The service returns every connector at once (no pagination, optional type filter).
 */
const connectorListSchema = z.array(z.object({ id: z.string().min(1), name: z.string(), type: z.string().nullish() }).passthrough());

export type ConnectorSummary = z.infer<typeof connectorListSchema>[number];

export type ConnectorKind = 'source' | 'destination';

export async function listConnectors(call: CallContext, kind: ConnectorKind): Promise<ConnectorSummary[]> {
	const collection = kind === 'source' ? 'sources' : 'destinations';
	return await callService(call, {
		method: 'GET',
		path: `/${collection}/`,
		endpoint: `GET /api/v1/${collection}/`,
		idempotent: true,
		schema: connectorListSchema,
	});
}
