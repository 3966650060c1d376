import { type ChannelScope, createChannel, listChannels } from '../../api/channels';
import { deleteChannel } from '../../api/channelChanges';
import type { CallContext } from '../../api/context';
import type { EventType } from '../../webhooks/eventTypes';

/** The events that end a job: the only ones a paused execution listens to. */
export const PAUSE_EVENTS: EventType[] = ['job.completed', 'job.failed', 'job.stopped'];

/** After its deadline a paused execution is resumed by n8n's clock, so its channel is stale a little later. */
export const STALE_AFTER_DEADLINE_MS = 60_000;

const DESCRIPTION = /^n8n paused execution \S+ until (\S+) \(ref ([0-9a-f]{16})\)$/;
/** A pause workflow's name: what a user recognises in the service's list, then the same label. */
const WORKFLOW_NAME = /^n8n pause — .*, execution \S+ \(until (\S+), ref ([0-9a-f]{16})\)$/s;
/** Long n8n workflow names are cut, so the service's list stays readable and the label stays whole. */
const MAX_NAME_PART = 80;

/** Also tells people listing the account's channels what the channel is for and until when. */
export function pauseChannelDescription(executionId: string, deadline: number, ref: string): string {
	return `n8n paused execution ${executionId} until ${new Date(deadline).toISOString()} (ref ${ref})`;
}

/**
 * The name of a pause's own workflow, as the service's workflow list shows it while the execution
 * waits: "n8n pause — Nightly batch, execution 123 (until 2026-…Z, ref …)".
 */
export function pauseWorkflowName(workflowName: string, executionId: string, deadline: number, ref: string): string {
	const name = workflowName.trim() === '' ? 'workflow' : workflowName.trim();
	const shown = name.length > MAX_NAME_PART ? `${name.slice(0, MAX_NAME_PART - 1)}…` : name;
	return `n8n pause — ${shown}, execution ${executionId} (until ${new Date(deadline).toISOString()}, ref ${ref})`;
}

/**
 * The reference and deadline of a pause, read back from a channel's description or a pause
 * workflow's name (today's, or the earlier "n8n paused execution …" one of pauses made before).
 */
export function readPauseLabel(text: string | null | undefined): { ref: string; deadline: number } | undefined {
	const found = DESCRIPTION.exec(text ?? '') ?? WORKFLOW_NAME.exec(text ?? '');
	if (!found) return undefined;
	const deadline = Date.parse(found[1]);
	return Number.isNaN(deadline) ? undefined : { ref: found[2], deadline };
}

export function channelScope(workflowId: string | undefined): ChannelScope {
	return workflowId === undefined ? {} : { workflowId };
}

export async function registerPauseChannel(
	call: CallContext,
	scope: ChannelScope,
	channel: { url: string; secret: string; description: string },
): Promise<string> {
	const created = await createChannel(call, scope, { channel_type: 'webhook', event_types: PAUSE_EVENTS, ...channel });
	return created.channel.id;
}

/**
 * Deletes the pause channels of the scope that `matches` picks (by the reference and deadline in
 * their description); other channels are never touched. Returns how many were deleted.
 */
export async function removePauseChannels(
	call: CallContext,
	scope: ChannelScope,
	matches: (ref: string, deadline: number) => boolean,
): Promise<number> {
	const channels = await listChannels(call, scope, { channelType: 'webhook' });
	let removed = 0;
	for (const channel of channels) {
		const label = readPauseLabel(channel.description);
		if (!label || !matches(label.ref, label.deadline)) continue;
		if (await deleteChannel(call, scope, channel.id)) removed++;
	}
	return removed;
}

/**
 * A paused execution whose time limit passes is resumed by n8n alone, and no code of the node
 * runs then, so its channel outlives it: every new registration in the scope clears such
 * leftovers first. Best effort: a failed clean-up must not stop the node's own work.
 */
export async function removeStalePauseChannels(call: CallContext, scope: ChannelScope, now = Date.now()): Promise<void> {
	try {
		await removePauseChannels(call, scope, (_ref, deadline) => deadline + STALE_AFTER_DEADLINE_MS < now);
	} catch {
		// The next registration tries again; the leftover channel only costs failed deliveries.
	}
}

/** Deletes this pause's own channel. Best effort: a channel left behind is removed by a later pause once stale. */
export async function removeOwnPauseChannel(call: CallContext, scope: ChannelScope, ref: string): Promise<void> {
	try {
		await removePauseChannels(call, scope, (found) => found === ref);
	} catch {
		// See removeStalePauseChannels.
	}
}
