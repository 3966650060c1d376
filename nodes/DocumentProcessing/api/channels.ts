import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import type { EventType } from '../webhooks/eventTypes';
import { callService, LIST_ANSWER, type CallContext } from '../transport';
import { checkWebhookChannel } from './channelRules';

/** Workspace channels (all workflows) when `workflowId` is absent, else channels of that one workflow. */
export interface ChannelScope {
	workflowId?: string;
}

export type ChannelType = 'webhook' | 'email';

const channelFields = z
	.object({
		id: z.string().min(1),
		channel_type: z.string().min(1),
		event_types: z.array(z.string()),
		enabled: z.boolean(),
		created_at: z.string(),
		updated_at: z.string(),
		description: z.string().nullish(),
		url: z.string().nullish(),
		email_config: z.record(z.unknown()).nullish(),
		secret: z.string().nullish(),
	})
	.passthrough();

/** A channel as the service shows it, minus any signing secret, so one can never reach an item or a log. */
export const channelSchema = channelFields.transform((fields) => {
	const channel: Record<string, unknown> = { ...fields };
	delete channel.secret;
	return channel as IDataObject & Channel;
});

export interface Channel {
	id: string;
	channel_type: string;
	event_types: string[];
	enabled: boolean;
	created_at: string;
	updated_at: string;
	description?: string | null;
	url?: string | null;
	email_config?: Record<string, unknown> | null;
}

/** The create answer: the channel, and apart from it the signing secret when the service returned one. */
const createdChannelSchema = channelFields.transform(({ secret, ...channel }) => ({
	channel: channel as IDataObject & Channel,
	secret: secret ?? undefined,
}));

export type CreatedChannel = z.infer<typeof createdChannelSchema>;

/** The spec's workspace list answers `{items}`; a bare array is accepted too (the workflow list's shape is not shown). */
const channelListSchema = z
	.union([z.object({ items: z.array(channelSchema) }).passthrough(), z.array(channelSchema)])
	.transform((answer) => (Array.isArray(answer) ? answer : answer.items));

export interface WebhookChannelInput {
	channel_type: 'webhook';
	url: string;
	secret?: string;
	event_types: EventType[];
	description?: string;
}

export interface EmailChannelInput {
	channel_type: 'email';
	email_config: { recipient_email: string };
	event_types: EventType[];
	description?: string;
}

export type ChannelInput = WebhookChannelInput | EmailChannelInput;

export function collectionPath(scope: ChannelScope): string {
	return scope.workflowId === undefined
		? '/notifications/channels'
		: `/workflows/${encodeURIComponent(scope.workflowId)}/notifications/channels`;
}

export function endpointLabel(method: string, scope: ChannelScope, suffix = ''): string {
	const base = scope.workflowId === undefined ? '/api/v1/notifications/channels' : '/api/v1/workflows/{workflow_id}/notifications/channels';
	return `${method} ${base}${suffix}`;
}

export function channelNotFound(scope: ChannelScope, channelId: string): string {
	return scope.workflowId === undefined
		? `Notification channel "${channelId}"`
		: `Notification channel "${channelId}" of workflow "${scope.workflowId}"`;
}

export async function createChannel(call: CallContext, scope: ChannelScope, input: ChannelInput): Promise<CreatedChannel> {
	if (input.channel_type === 'webhook') checkWebhookChannel(call, { url: input.url, secret: input.secret });
	return await callService(call, {
		method: 'POST',
		path: collectionPath(scope),
		endpoint: endpointLabel('POST', scope),
		json: input,
		// A resent create could register the channel twice, and e-mail a second code.
		idempotent: false,
		// A validation error may echo the body: the signing secret never reaches the error.
		secrets: input.channel_type === 'webhook' ? [input.secret] : [],
		schema: createdChannelSchema,
		notFound: scope.workflowId === undefined ? undefined : `Workflow "${scope.workflowId}"`,
	});
}

/** Verifies an e-mail channel with the six-digit code the service sent; the service answers 204. */
export async function verifyChannel(call: CallContext, scope: ChannelScope, channelId: string, code: string): Promise<void> {
	try {
		await callService(call, {
			method: 'POST',
			path: `${collectionPath(scope)}/${encodeURIComponent(channelId)}/verify`,
			endpoint: endpointLabel('POST', scope, '/{channel_id}/verify'),
			json: { code },
			idempotent: false,
			notFound: channelNotFound(scope, channelId),
		});
	} catch (error) {
		throw rejectedCode(call, scope, error);
	}
}

/** A refused code is the user's to fix, so it gets its own words instead of a generic "rejected". */
function rejectedCode(call: CallContext, scope: ChannelScope, error: unknown): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const status = Number(error.httpCode);
	if (![400, 403, 409, 410, 422].includes(status)) return error;
	const detail = typeof error.errorResponse?.detail === 'string' ? error.errorResponse.detail : undefined;
	const message = `The verification code was not accepted${detail ? `: ${detail}` : ''}`;
	return new NodeApiError(
		call.node,
		{ message, httpCode: String(status), endpoint: endpointLabel('POST', scope, '/{channel_id}/verify') },
		{
			message,
			description:
				'Enter the six-digit code from the latest verification e-mail sent to the channel’s recipient. Codes are only valid for the channel they were sent for.',
			httpCode: String(status),
			itemIndex: call.itemIndex,
		},
	);
}

export async function listChannels(
	call: CallContext,
	scope: ChannelScope,
	filter: { channelType: ChannelType; enabled?: boolean },
): Promise<Array<IDataObject & Channel>> {
	return await callService(call, {
		method: 'GET',
		path: collectionPath(scope),
		endpoint: endpointLabel('GET', scope),
		query: { channel_type: filter.channelType, enabled: filter.enabled },
		idempotent: true,
		schema: channelListSchema,
		answerLimit: LIST_ANSWER,
		notFound: scope.workflowId === undefined ? undefined : `Workflow "${scope.workflowId}"`,
	});
}

export async function getChannel(call: CallContext, scope: ChannelScope, channelId: string): Promise<IDataObject & Channel> {
	return await callService(call, {
		method: 'GET',
		path: `${collectionPath(scope)}/${encodeURIComponent(channelId)}`,
		endpoint: endpointLabel('GET', scope, '/{channel_id}'),
		idempotent: true,
		schema: channelSchema,
		notFound: channelNotFound(scope, channelId),
	});
}
