import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { isPlainObject } from '../http/body';
import { HttpError, type ValidationIssue } from '../http/reply';
import { EVENT_TYPES, type EventType, type StoredChannel } from './channel-types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function generateWebhookSecret(): string {
	return `whsec_${randomBytes(24).toString('base64')}`;
}

export function sixDigitCode(): string {
	return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function checkEventTypes(value: unknown, issues: ValidationIssue[]): EventType[] {
	const valid = Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && (EVENT_TYPES as readonly string[]).includes(item));
	if (!valid) {
		issues.push({ type: 'value_error', loc: ['body', 'event_types'], msg: `event_types: a non-empty array of ${EVENT_TYPES.join(', ')} is required` });
		return [];
	}
	return [...new Set(value as EventType[])];
}

/** `documented`: the service's rules (https urls, secrets of 24–75 bytes); `lenient` also takes http. */
export type ChannelRules = 'lenient' | 'documented';

function checkUrl(value: unknown, issues: ValidationIssue[], rules: ChannelRules): string | undefined {
	if (typeof value !== 'string' || value === '') {
		issues.push({ type: 'missing', loc: ['body', 'url'], msg: 'url: required for webhook channels' });
		return undefined;
	}
	try {
		const url = new URL(value);
		if (url.protocol === 'https:' || (url.protocol === 'http:' && rules === 'lenient')) return value;
	} catch {
		// reported below
	}
	const wanted = rules === 'documented' ? 'an absolute https URL' : 'an absolute http(s) URL';
	issues.push({ type: 'url_parsing', loc: ['body', 'url'], msg: `url: must be ${wanted}, got ${JSON.stringify(value)}` });
	return undefined;
}

/** Builds a channel from a create request; email channels start disabled with a verification code. */
export function channelFromRequest(body: Record<string, unknown>, workflowId: string | null, rules: ChannelRules = 'lenient'): StoredChannel {
	const issues: ValidationIssue[] = [];
	const channelType = body.channel_type;
	if (channelType !== 'webhook' && channelType !== 'email') {
		issues.push({ type: 'literal_error', loc: ['body', 'channel_type'], msg: `channel_type: must be 'webhook' or 'email', got ${JSON.stringify(channelType)}` });
	}
	const eventTypes = checkEventTypes(body.event_types, issues);
	if (body.description !== undefined && body.description !== null && typeof body.description !== 'string') {
		issues.push({ type: 'string_type', loc: ['body', 'description'], msg: 'description: must be a string' });
	}
	const now = new Date();
	const channel: StoredChannel = {
		id: randomUUID(),
		channel_type: channelType === 'email' ? 'email' : 'webhook',
		event_types: eventTypes,
		enabled: channelType === 'webhook',
		verified: false,
		workflow_id: workflowId,
		created_at: now,
		updated_at: now,
	};
	if (typeof body.description === 'string') channel.description = body.description;
	if (channelType === 'webhook') {
		channel.url = checkUrl(body.url, issues, rules);
		if (body.secret !== undefined && body.secret !== null && (typeof body.secret !== 'string' || body.secret === '')) {
			issues.push({ type: 'string_type', loc: ['body', 'secret'], msg: 'secret: must be a non-empty string' });
		} else if (rules === 'documented' && typeof body.secret === 'string' && (body.secret.length < 24 || body.secret.length > 75)) {
			issues.push({ type: 'string_length', loc: ['body', 'secret'], msg: 'secret: must be 24 to 75 characters' });
		}
		channel.secret = typeof body.secret === 'string' && body.secret !== '' ? body.secret : generateWebhookSecret();
	}
	if (channelType === 'email') {
		const config = body.email_config;
		const email = isPlainObject(config) ? config.recipient_email : undefined;
		if (typeof email !== 'string' || !EMAIL.test(email)) {
			issues.push({ type: 'value_error', loc: ['body', 'email_config', 'recipient_email'], msg: `email_config.recipient_email: a valid e-mail address is required, got ${JSON.stringify(email)}` });
		} else {
			channel.recipient_email = email;
			channel.verification_code = sixDigitCode();
		}
	}
	if (issues.length > 0) throw new HttpError(422, issues);
	return channel;
}

const PATCHABLE = ['enabled', 'event_types', 'description', 'url'];

/**
 * Applies a PATCH body: `enabled`, `event_types`, `description`, and `url` for webhooks. Unknown
 * keys, an empty change and enabling an unverified e-mail channel are refused.
 */
export function applyChannelPatch(channel: StoredChannel, body: Record<string, unknown>, rules: ChannelRules = 'lenient'): void {
	const issues: ValidationIssue[] = [];
	for (const key of Object.keys(body)) {
		if (!PATCHABLE.includes(key)) issues.push({ type: 'extra_forbidden', loc: ['body', key], msg: `${key}: cannot be changed (changeable: ${PATCHABLE.join(', ')})` });
	}
	if (Object.keys(body).length === 0) issues.push({ type: 'missing', loc: ['body'], msg: `body: no field to change; send any of ${PATCHABLE.join(', ')}` });
	if ('enabled' in body && typeof body.enabled !== 'boolean') issues.push({ type: 'bool_type', loc: ['body', 'enabled'], msg: 'enabled: must be true or false' });
	const eventTypes = 'event_types' in body ? checkEventTypes(body.event_types, issues) : undefined;
	if ('description' in body && body.description !== null && typeof body.description !== 'string') {
		issues.push({ type: 'string_type', loc: ['body', 'description'], msg: 'description: must be a string' });
	}
	let url: string | undefined;
	if ('url' in body) {
		if (channel.channel_type === 'webhook') url = checkUrl(body.url, issues, rules);
		else issues.push({ type: 'value_error', loc: ['body', 'url'], msg: 'url: only webhook channels have a url' });
	}
	if (issues.length > 0) throw new HttpError(422, issues);
	if (body.enabled === true && channel.channel_type === 'email' && !channel.verified) {
		throw new HttpError(409, `email channel ${channel.id} is not verified; verify it with the e-mailed code before enabling it`);
	}
	if (typeof body.enabled === 'boolean') channel.enabled = body.enabled;
	if (eventTypes !== undefined) channel.event_types = eventTypes;
	if ('description' in body) channel.description = typeof body.description === 'string' ? body.description : undefined;
	if (url !== undefined) channel.url = url;
	channel.updated_at = new Date();
}

export interface ChannelResponse {
	id: string;
	channel_type: string;
	event_types: string[];
	enabled: boolean;
	created_at: string;
	updated_at: string;
	description?: string;
	url?: string;
	email_config?: { recipient_email: string; verified: boolean };
	workflow_id: string | null;
	secret?: string;
}

/** The channel as the API shows it; the signing secret is included only when asked (create response). */
export function channelResponse(channel: StoredChannel, includeSecret = false): ChannelResponse {
	const response: ChannelResponse = {
		id: channel.id,
		channel_type: channel.channel_type,
		event_types: channel.event_types,
		enabled: channel.enabled,
		created_at: channel.created_at.toISOString(),
		updated_at: channel.updated_at.toISOString(),
		workflow_id: channel.workflow_id,
	};
	if (channel.description !== undefined) response.description = channel.description;
	if (channel.url !== undefined) response.url = channel.url;
	if (channel.recipient_email !== undefined) response.email_config = { recipient_email: channel.recipient_email, verified: channel.verified };
	if (includeSecret && channel.secret !== undefined) response.secret = channel.secret;
	return response;
}
