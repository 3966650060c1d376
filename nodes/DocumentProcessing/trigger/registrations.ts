import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger remembers in the node's static data about each channel it registered: one
 * for the production URL and, while "listen for test event" runs, one for the test URL.
 */
export interface Registration {
	channelId: string;
	/** Signing secret of the channel; lives only here, never in items, errors or logs. */
	secret: string;
	/** The n8n webhook URL the channel points at; it tells the test and production registrations apart. */
	url: string;
	eventTypes: string[];
	/** Null for a workspace channel. */
	workflowId: string | null;
	/** Registered for "listen for test event" (test URL) rather than for the active workflow. */
	test: boolean;
}

const KEY = 'documentProcessingChannels';

function isRegistration(value: unknown): value is Registration {
	if (typeof value !== 'object' || value === null) return false;
	const entry = value as Record<string, unknown>;
	return (
		typeof entry.channelId === 'string' &&
		typeof entry.secret === 'string' &&
		typeof entry.url === 'string' &&
		Array.isArray(entry.eventTypes) &&
		entry.eventTypes.every((type) => typeof type === 'string') &&
		(entry.workflowId === null || typeof entry.workflowId === 'string') &&
		typeof entry.test === 'boolean'
	);
}

export function readRegistrations(staticData: IDataObject): Registration[] {
	const stored = staticData[KEY];
	return Array.isArray(stored) ? stored.filter(isRegistration).map((entry) => ({ ...entry })) : [];
}

export function writeRegistrations(staticData: IDataObject, registrations: Registration[]): void {
	// Assigning a new value (rather than mutating in place) marks static data as changed for n8n to save.
	if (registrations.length === 0) delete staticData[KEY];
	else staticData[KEY] = registrations.map((entry) => ({ ...entry, eventTypes: [...entry.eventTypes] })) as unknown as IDataObject[];
}

export function registrationFor(staticData: IDataObject, url: string): Registration | undefined {
	return readRegistrations(staticData).find((entry) => entry.url === url);
}

export function withoutChannel(staticData: IDataObject, channelId: string): void {
	writeRegistrations(
		staticData,
		readRegistrations(staticData).filter((entry) => entry.channelId !== channelId),
	);
}

export function sameEventTypes(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((type) => right.has(type));
}
