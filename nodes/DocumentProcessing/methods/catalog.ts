import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { listConnectors, type ConnectorKind } from '../api/connectors';
import { listTemplates } from '../api/templates';
import { localPage, matchesSearch } from './searchResults';

/** Templates and connectors come back whole from the service; the search is matched here. */
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const templates = await listTemplates(await serviceCallContext(this));
	const results = templates
		.filter((template) => matchesSearch(filter, template.name, template.id, template.description))
		.map((template) => ({ name: template.name || template.id, value: template.id, description: template.description ?? undefined }));
	return localPage(results, paginationToken);
}

async function searchConnectors(ctx: ILoadOptionsFunctions, kind: ConnectorKind, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const connectors = await listConnectors(await serviceCallContext(ctx), kind);
	const results = connectors
		.filter((connector) => matchesSearch(filter, connector.name, connector.id, connector.type))
		.map((connector) => ({ name: connector.type ? `${connector.name} (${connector.type})` : connector.name, value: connector.id }));
	return localPage(results, paginationToken);
}

export async function searchSources(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchConnectors(this, 'source', filter, paginationToken);
}

export async function searchDestinations(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchConnectors(this, 'destination', filter, paginationToken);
}
