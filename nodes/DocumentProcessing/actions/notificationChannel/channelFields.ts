import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { EVENT_TYPE_OPTIONS, isEventType, type EventType } from '../../webhooks/eventTypes';

/** Event Types as the user gave them (a list, or comma-separated text from an expression), checked. */
export function eventTypesFrom(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): EventType[] {
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((part) => part.trim()) : [];
	const unknown = list.filter((value) => !isEventType(value));
	if (unknown.length > 0) {
		throw new NodeOperationError(ctx.getNode(), `Event Types contains an unknown event: ${String(unknown[0])}`, {
			itemIndex,
			description: `Use any of ${EVENT_TYPE_OPTIONS.map((option) => String(option.value)).join(', ')}.`,
		});
	}
	if (list.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Event Types is empty', {
			itemIndex,
			description: 'Select at least one job event for the channel to receive.',
		});
	}
	return [...new Set(list as EventType[])];
}

/** A webhook address must be a full http(s) URL. */
export function webhookUrlFrom(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): string {
	const url = String(raw ?? '').trim();
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
		throw new NodeOperationError(ctx.getNode(), url ? `URL "${url}" is not an http(s) address` : 'URL is empty', {
			itemIndex,
			description: 'Enter the full address the service should POST events to, starting with https://.',
		});
	}
	return url;
}
