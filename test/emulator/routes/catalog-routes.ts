import { notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import type { StoredSource } from '../state';
import { maskedConfig } from '../sources/source-config';
import { findTemplate, TEMPLATES } from '../workflows/templates';

/** Templates as the client documents them: the list without nodes, one template with them; neither is paged. */
function getTemplate(ctx: RouteContext): Reply {
	const id = ctx.params.template_id ?? '';
	const template = findTemplate(id);
	if (!template) throw notFound('template', id);
	return ok({ ...template, nodes: template.nodes.map((node, index) => ({ id: `${template.id}-${index}`, settings: null, ...node })) });
}

/** Connector lists (the pickers' view): every connector at once, optionally of one type. */
function connectorList(ctx: RouteContext, connectors: Map<string, StoredSource>, typeParam: string): Reply {
	const type = ctx.query.get(typeParam);
	return ok(
		[...connectors.values()]
			.filter((connector) => type === null || connector.type === type)
			.map((connector) => ({
				id: connector.id,
				name: connector.name,
				type: connector.type,
				config: maskedConfig(connector.config, connector.secretKeys),
				created_at: connector.created_at.toISOString(),
				updated_at: connector.updated_at.toISOString(),
			})),
	);
}

export function registerCatalogRoutes(router: Router): void {
	router
		.add('GET', '/api/v1/templates', () => ok(TEMPLATES.map(({ nodes: _nodes, ...item }) => item)))
		.add('GET', '/api/v1/templates/:template_id', getTemplate)
		.add('GET', '/api/v1/sources', (ctx) => connectorList(ctx, ctx.core.store.sources, 'source_type'))
		.add('GET', '/api/v1/destinations', (ctx) => connectorList(ctx, ctx.core.store.destinations, 'destination_type'));
}
