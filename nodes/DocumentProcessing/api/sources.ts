import { z } from 'zod';
import { callService, type CallContext } from '../transport';

export const sourceConnectorSchema = z
	.object({
		id: z.string().min(1),
		name: z.string(),
		type: z.string(),
		// Secret fields come back masked with asterisks.
		config: z.record(z.unknown()),
		created_at: z.string().nullish(),
		updated_at: z.string().nullish(),
	})
	.passthrough();

export type SourceConnector = z.infer<typeof sourceConnectorSchema>;

export interface SourceConnectorRequest {
	name: string;
	type: string;
	/** Secret fields must already be references `{id, type}`: plaintext is never sent here. */
	config: Record<string, unknown>;
}

export async function createSource(call: CallContext, request: SourceConnectorRequest): Promise<SourceConnector> {
	return await callService(call, {
		method: 'POST',
		path: '/sources',
		endpoint: 'POST /api/v1/sources',
		json: request,
		idempotent: false,
		schema: sourceConnectorSchema,
		notFound: 'A secret or resource referenced in the config',
	});
}
