import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { isVersion3, VERSION_3 } from '../helpers/nodeVersion';

/**
 * Node version 3 (the canvas-first face, docs/node-version-3.md) lives in the same node as 1 and 2:
 * fields of v3 only are shown from version 3 on, fields of 1 and 2 are hidden from it, so saved
 * v1/v2 workflows keep their parameter names and values.
 */
export const FROM_V3 = { '@version': [{ _cnd: { gte: VERSION_3 } }] };

/** Whether a node runs with version 3's fields: the runtime twin of FROM_V3. */
export { isVersion3 };

function merged(property: INodeProperties, extra: IDisplayOptions): INodeProperties {
	const own = property.displayOptions ?? {};
	const displayOptions: IDisplayOptions = { ...own };
	if (extra.show) displayOptions.show = { ...own.show, ...extra.show };
	if (extra.hide) displayOptions.hide = { ...own.hide, ...extra.hide };
	return { ...property, displayOptions };
}

/** Fields shown from version 3 on. */
export const inV3 = (properties: INodeProperties[]): INodeProperties[] => properties.map((property) => merged(property, { show: FROM_V3 }));

/** Fields of versions 1 and 2, hidden from version 3 on. */
export const beforeV3 = (properties: INodeProperties[]): INodeProperties[] => properties.map((property) => merged(property, { hide: FROM_V3 }));

/** The fields of both faces: the v1/v2 list and its v3 replacement. */
export const byVersion = (before: INodeProperties[], v3: INodeProperties[]): INodeProperties[] => [...beforeV3(before), ...inV3(v3)];

/** Version 3's one Options collection of an operation: its tuning fields, A–Z as n8n lists them. */
export function optionsV3(entries: INodeProperties[]): INodeProperties {
	const options = [...entries].sort((a, b) => a.displayName.localeCompare(b.displayName));
	return merged({ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options }, { show: FROM_V3 });
}

/** A top-level field moved into a collection: its condition on another top-level field, from the root. */
export function rootCondition(property: INodeProperties, field: string, values: string[]): INodeProperties {
	return { ...property, displayOptions: { show: { [`/${field}`]: values } } };
}
