import { readJsonObject } from '../http/body';
import { HttpError, noContent, notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { applyChannelPatch, channelFromRequest, channelResponse } from '../channels/channel-input';
import type { StoredChannel } from '../channels/channel-types';

/**
 * Workspace routes have no workflow id; workflow routes need a workflow id that is either
 * a stored workflow or the workflow of some job (each on-demand job has its own).
 */
function scopeOf(ctx: RouteContext): string | null {
	const workflowId = ctx.params.workflow_id;
	if (workflowId === undefined) return null;
	if (!ctx.core.store.isKnownWorkflow(workflowId)) throw notFound('workflow', workflowId);
	return workflowId;
}

function findChannel(ctx: RouteContext): StoredChannel {
	const scope = scopeOf(ctx);
	const id = ctx.params.channel_id ?? '';
	const channel = ctx.core.store.channels.get(id);
	if (!channel || channel.workflow_id !== scope) throw notFound('notification channel', id);
	return channel;
}

/** The documented cap (section 6.3: at most 50 channels per scope); the refusal's status is not documented. */
function refuseOverCap(ctx: RouteContext, scope: string | null): void {
	const cap = ctx.core.config.get().max_channels_per_scope;
	const held = [...ctx.core.store.channels.values()].filter((channel) => channel.workflow_id === scope).length;
	if (held >= cap) {
		const where = scope === null ? 'the workspace' : `workflow ${scope}`;
		throw new HttpError(422, `${where} already has ${held} notification channels; a scope holds at most ${cap}`);
	}
}

async function createChannel(ctx: RouteContext): Promise<Reply> {
	const scope = scopeOf(ctx);
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const channel = channelFromRequest(body, scope, ctx.core.config.get().channel_rules);
	refuseOverCap(ctx, scope);
	ctx.core.store.channels.set(channel.id, channel);
	if (channel.channel_type === 'email' && channel.recipient_email !== undefined && channel.verification_code !== undefined) {
		ctx.core.store.outbox.push({
			channel_id: channel.id,
			recipient_email: channel.recipient_email,
			kind: 'verification',
			code: channel.verification_code,
			sent_at: new Date().toISOString(),
		});
	}
	return ok(channelResponse(channel, true));
}

function listChannels(ctx: RouteContext): Reply {
	const scope = scopeOf(ctx);
	const channelType = ctx.query.get('channel_type');
	if (channelType !== 'webhook' && channelType !== 'email') {
		throw new HttpError(422, [{ type: channelType === null ? 'missing' : 'enum', loc: ['query', 'channel_type'], msg: "channel_type: query parameter required, 'webhook' or 'email'" }]);
	}
	const enabledRaw = ctx.query.get('enabled');
	let enabled: boolean | undefined;
	if (enabledRaw !== null) {
		if (!['true', 'false'].includes(enabledRaw.toLowerCase())) {
			throw new HttpError(422, [{ type: 'bool_parsing', loc: ['query', 'enabled'], msg: `enabled: must be true or false, got '${enabledRaw}'` }]);
		}
		enabled = enabledRaw.toLowerCase() === 'true';
	}
	const items = [...ctx.core.store.channels.values()]
		.filter((channel) => channel.workflow_id === scope && channel.channel_type === channelType)
		.filter((channel) => enabled === undefined || channel.enabled === enabled)
		.map((channel) => channelResponse(channel));
	return ok({ items });
}

async function verifyChannel(ctx: RouteContext): Promise<Reply> {
	const channel = findChannel(ctx);
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	const code = body.code;
	if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
		throw new HttpError(422, [{ type: 'value_error', loc: ['body', 'code'], msg: 'code: a string of six digits is required' }]);
	}
	if (channel.channel_type !== 'email') throw new HttpError(400, `channel ${channel.id} is a webhook channel; only email channels are verified`);
	if (code !== channel.verification_code) throw new HttpError(400, `invalid verification code for channel ${channel.id}`);
	channel.verified = true;
	channel.enabled = true;
	channel.updated_at = new Date();
	return noContent();
}

async function updateChannel(ctx: RouteContext): Promise<Reply> {
	const channel = findChannel(ctx);
	const body = await readJsonObject(ctx.req);
	ctx.log.setJson(body);
	applyChannelPatch(channel, body, ctx.core.config.get().channel_rules);
	return ctx.core.config.get().channel_update_reply === 'no_content' ? noContent() : ok(channelResponse(channel));
}

function deleteChannel(ctx: RouteContext): Reply {
	const channel = findChannel(ctx);
	ctx.core.store.channels.delete(channel.id);
	return ctx.core.config.get().channel_delete_reply === 'channel' ? ok(channelResponse(channel)) : noContent();
}

function getNotification(ctx: RouteContext): Reply {
	const id = ctx.params.notification_id ?? '';
	const event = ctx.core.store.events.get(id);
	if (!event) throw notFound('notification', id);
	return ok(event);
}

export function registerChannelRoutes(router: Router): void {
	for (const prefix of ['/api/v1/notifications/channels', '/api/v1/workflows/:workflow_id/notifications/channels']) {
		router
			.add('POST', prefix, createChannel)
			.add('GET', prefix, listChannels)
			.add('GET', `${prefix}/:channel_id`, (ctx) => ok(channelResponse(findChannel(ctx))))
			.add('PATCH', `${prefix}/:channel_id`, updateChannel)
			.add('DELETE', `${prefix}/:channel_id`, deleteChannel)
			.add('POST', `${prefix}/:channel_id/verify`, verifyChannel);
	}
	router.add('GET', '/api/v1/notifications/:notification_id', getNotification);
}
