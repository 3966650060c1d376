import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requireOpaqueId } from '../checks/opaqueId';
import { idLocator, locatorText, type LocatorSpec } from './resourceLocators';

/**
 * Locators for the ids the service does not describe as UUIDs (templates, connectors): "From
 * list" and "By ID". The service's web UI shows no documented address for them, so no "By URL".
 */
const opaque = (displayName: string, name: string, searchListMethod: string, noun: string, example: string, what: string): LocatorSpec => ({
	displayName,
	name,
	description: `The ${what}: pick it from the list or give its ID`,
	searchListMethod,
	noun,
	idPlaceholder: `e.g. ${example}`,
	uuid: false,
});

const TEMPLATE = opaque('Template', 'templateId', 'searchTemplates', 'template', 'invoice-extraction', 'service template whose nodes to use');
const SOURCE = opaque('Source Connector', 'sourceId', 'searchSources', 'source connector', '3a1e5c7d-2b4f-4a6e-8c0d-1f3b5d7e9a2c', 'source connector');
const DESTINATION = opaque('Destination Connector', 'destinationId', 'searchDestinations', 'destination connector', '7c9e1a3b-5d2f-4e8a-9b1c-3d5f7a9e2b4c', 'destination connector');

export const templateLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => idLocator(TEMPLATE, overrides);
export const sourceLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => idLocator(SOURCE, overrides);
export const destinationLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => idLocator(DESTINATION, overrides);

/** An id picked in a locator (or typed into a plain field), checked locally before any request. */
export function pickedId(ctx: IExecuteFunctions, parameter: string, label: string, itemIndex: number): string {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	return requireOpaqueId(ctx.getNode(), label, locatorText(raw), itemIndex);
}

/** Like pickedId, for an optional locator: undefined when left empty. */
export function optionalPickedId(ctx: IExecuteFunctions, parameter: string, label: string, itemIndex: number): string | undefined {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	return locatorText(raw) === '' ? undefined : pickedId(ctx, parameter, label, itemIndex);
}
