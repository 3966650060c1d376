import { notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { findTemplate, TEMPLATES } from '../workflows/templates';

/** Templates as the client documents them: the list without nodes, one template with them; neither is paged. */
function getTemplate(ctx: RouteContext): Reply {
	const id = ctx.params.template_id ?? '';
	const template = findTemplate(id);
	if (!template) throw notFound('template', id);
	return ok({ ...template, nodes: template.nodes.map((node, index) => ({ id: `${template.id}-${index}`, settings: null, ...node })) });
}

export function registerCatalogRoutes(router: Router): void {
	router
		.add('GET', '/api/v1/templates', () => ok(TEMPLATES.map(({ nodes: _nodes, ...item }) => item)))
		.add('GET', '/api/v1/templates/:template_id', getTemplate);
}
