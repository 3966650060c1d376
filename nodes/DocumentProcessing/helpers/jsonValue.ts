import type { IDataObject } from 'n8n-workflow';

/** A JSON object (not an array, not null): what parsed service data and node parameters mostly are. */
export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Leaves out unset and empty settings, so a request carries only what the user gave. */
export function compact(settings: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== ''));
}
