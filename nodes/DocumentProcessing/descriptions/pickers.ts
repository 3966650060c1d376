import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requireOpaqueId } from '../helpers/opaqueId';
import { idLocator, locatorText } from '../helpers/resourceLocators';

/**
 * Locators for the ids the service does not describe as UUIDs (templates, connectors): "From
 * list" and "By ID". The service's web UI shows no documented address for them, so no "By URL".
 */
export function templateLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return idLocator(
		{
			displayName: 'Template',
			name: 'templateId',
			description: 'The service template whose nodes to use: pick it from the list or give its ID',
			searchListMethod: 'searchTemplates',
			noun: 'template',
			idPlaceholder: 'e.g. invoice-extraction',
			uuid: false,
		},
		overrides,
	);
}

export function sourceLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return idLocator(
		{
			displayName: 'Source Connector',
			name: 'sourceId',
			description: 'The source connector: pick it from the list or give its ID',
			searchListMethod: 'searchSources',
			noun: 'source connector',
			idPlaceholder: 'e.g. 3a1e5c7d-2b4f-4a6e-8c0d-1f3b5d7e9a2c',
			uuid: false,
		},
		overrides,
	);
}

export function destinationLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return idLocator(
		{
			displayName: 'Destination Connector',
			name: 'destinationId',
			description: 'The destination connector: pick it from the list or give its ID',
			searchListMethod: 'searchDestinations',
			noun: 'destination connector',
			idPlaceholder: 'e.g. 7c9e1a3b-5d2f-4e8a-9b1c-3d5f7a9e2b4c',
			uuid: false,
		},
		overrides,
	);
}

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
