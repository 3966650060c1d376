import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import type { EventType } from '../webhooks/eventTypes';
import { callService, type CallContext } from '../transport';
import { channelNotFound, channelSchema, collectionPath, endpointLabel, getChannel, type Channel, type ChannelScope } from './channels';
import { asNodeError } from '../helpers/nodeErrors';
import { checkWebhookChannel } from './channelRules';

/** The fields PATCH changes; only those present are sent. `url` applies to webhook channels only. */
export interface ChannelChanges {
	enabled?: boolean;
	event_types?: EventType[];
	description?: string;
	url?: string;
}

// Not shown by the interface: the changed channel (200) is expected; an empty answer (204) is
// accepted too, and the channel is then read back so the output is the same either way.
const updatedChannelSchema = z.union([channelSchema, z.undefined()]);

export async function updateChannel(
	call: CallContext,
	scope: ChannelScope,
	channelId: string,
	changes: ChannelChanges,
): Promise<IDataObject & Channel> {
	checkWebhookChannel(call, { url: changes.url });
	const updated = await callService(call, {
		method: 'PATCH',
		path: `${collectionPath(scope)}/${encodeURIComponent(channelId)}`,
		endpoint: endpointLabel('PATCH', scope, '/{channel_id}'),
		json: changes,
		// Every field is set to a value, not changed by an amount, so sending it twice is harmless.
		idempotent: true,
		schema: updatedChannelSchema,
		notFound: channelNotFound(scope, channelId),
	});
	return updated ?? (await getChannel(call, scope, channelId));
}

/** `deleted`: this call removed it; `deletedEarlier`: an earlier attempt did, and the resend met 404. */
export type ChannelRemoval = 'deleted' | 'deletedEarlier';

/**
 * Deletes a channel. A 404 to the first attempt is an error (wrong id or scope), but a 404 to a
 * resend after an attempt the service may have carried out means that attempt deleted it.
 */
export async function removeChannel(call: CallContext, scope: ChannelScope, channelId: string): Promise<ChannelRemoval> {
	return await callService<ChannelRemoval>(call, {
		method: 'DELETE',
		path: `${collectionPath(scope)}/${encodeURIComponent(channelId)}`,
		endpoint: endpointLabel('DELETE', scope, '/{channel_id}'),
		idempotent: true,
		// 204 with no body, or 200 with the deleted channel or a message: not shown, so any body is accepted.
		schema: z.unknown().transform((): ChannelRemoval => 'deleted'),
		settledEarlier: { statuses: [404], value: 'deletedEarlier' },
		notFound: channelNotFound(scope, channelId),
	});
}

export function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/** The channel, or undefined when the service no longer has it. */
export async function findChannel(call: CallContext, scope: ChannelScope, channelId: string): Promise<(IDataObject & Channel) | undefined> {
	try {
		return await getChannel(call, scope, channelId);
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw asNodeError(call.node, error, call.itemIndex);
	}
}

/** For clean-ups (trigger deactivation): a channel that is already gone counts as deleted (returns false then). */
export async function deleteChannel(call: CallContext, scope: ChannelScope, channelId: string): Promise<boolean> {
	try {
		return (await removeChannel(call, scope, channelId)) === 'deleted';
	} catch (error) {
		if (isNotFound(error)) return false;
		throw asNodeError(call.node, error, call.itemIndex);
	}
}
