import type { IHookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { deleteChannel, findChannel } from '../api/channelChanges';
import { createChannel, listChannels, type ChannelScope } from '../api/channels';
import { serviceCallContext, type CallContext } from '../api/context';
import { forgetChannel } from '../webhooks/replayGuard';
import { generateSigningSecret } from '../webhooks/webhookSignature';
import {
	readRegistrations,
	registrationFor,
	sameEventTypes,
	withoutChannel,
	writeRegistrations,
	type Registration,
} from './registrations';
import { triggerSettings } from './settings';
import { asNodeError } from '../helpers/nodeErrors';

/**
 * webhookMethods.default: n8n calls checkExists, then create when it answered false, on
 * activation and on "listen for test event"; delete on deactivation and when the test ends.
 * The URL n8n gives (production or test) identifies which registration is meant.
 */

function webhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

function scopeOf(registration: Pick<Registration, 'workflowId'>): ChannelScope {
	return registration.workflowId === null ? {} : { workflowId: registration.workflowId };
}

async function dropChannel(ctx: IHookFunctions, call: CallContext, registration: Registration): Promise<void> {
	await deleteChannel(call, scopeOf(registration), registration.channelId);
	withoutChannel(ctx.getWorkflowStaticData('node'), registration.channelId);
	forgetChannel(registration.channelId);
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrl(this);
	const registration = registrationFor(this.getWorkflowStaticData('node'), url);
	if (!registration) return false;
	const settings = triggerSettings(this);
	const call = await serviceCallContext(this);
	const wantedWorkflow = settings.workflowId ?? null;
	if (registration.workflowId !== wantedWorkflow) {
		// The scope changed: the old channel would keep sending events of the wrong jobs.
		await dropChannel(this, call, registration);
		return false;
	}
	const channel = await findChannel(call, scopeOf(registration), registration.channelId);
	if (!channel) {
		withoutChannel(this.getWorkflowStaticData('node'), registration.channelId);
		return false;
	}
	if (channel.url !== url || !sameEventTypes(channel.event_types, settings.events) || !channel.enabled) {
		await dropChannel(this, call, registration);
		return false;
	}
	return true;
}

/** Channels at this exact URL are earlier registrations of this very node whose record was lost. */
async function sweepOrphans(call: CallContext, scope: ChannelScope, url: string, keep: Set<string>): Promise<void> {
	let channels;
	try {
		channels = await listChannels(call, scope, { channelType: 'webhook' });
	} catch (error) {
		// Best effort: if listing is not possible, creating the channel below reports any real problem.
		if (error instanceof NodeApiError) return;
		throw asNodeError(call.node, error, call.itemIndex);
	}
	for (const channel of channels) {
		if (channel.url === url && !keep.has(channel.id)) await deleteChannel(call, scope, channel.id);
	}
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrl(this);
	const settings = triggerSettings(this);
	const test = this.getMode() === 'manual';
	const call = await serviceCallContext(this);
	const staticData = this.getWorkflowStaticData('node');

	// Re-activation must not pile up channels: earlier registrations of the same kind go first.
	for (const stale of readRegistrations(staticData).filter((entry) => entry.test === test || entry.url === url)) {
		await dropChannel(this, call, stale).catch(() => undefined);
	}
	const scope: ChannelScope = settings.workflowId === undefined ? {} : { workflowId: settings.workflowId };
	const others = new Set(readRegistrations(staticData).map((entry) => entry.channelId));
	await sweepOrphans(call, scope, url, others);

	const secret = generateSigningSecret();
	const workflow = this.getWorkflow();
	const created = await createChannel(call, scope, {
		channel_type: 'webhook',
		url,
		secret,
		event_types: settings.events,
		description: `n8n: ${workflow.name ?? workflow.id} / ${this.getNode().name}${test ? ' (test)' : ''}`.slice(0, 250),
	});
	writeRegistrations(staticData, [
		...readRegistrations(staticData),
		{
			channelId: created.channel.id,
			// A service that picks its own secret despite ours signs with that one.
			secret: created.secret ?? secret,
			url,
			eventTypes: settings.events,
			workflowId: settings.workflowId ?? null,
			test,
		},
	]);
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const registration = registrationFor(this.getWorkflowStaticData('node'), webhookUrl(this));
	if (!registration) return true;
	try {
		await dropChannel(this, await serviceCallContext(this), registration);
		return true;
	} catch {
		// The record stays, so the next activation deletes the channel before creating a new one.
		return false;
	}
}
