import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';
import { callService, LIST_ANSWER, type CallContext } from '../transport';

/**
 * A template. The client documents `{id, name, description, version, last_updated}` (+ `nodes`
 * when read by id); the live reference `{id, name, type, created_at, is_custom, …}` (+ `dag`).
 * Only `id` and `name` are relied on; the rest passes through as the service sent it.
 */
const templateShape = z.object({ id: z.string().min(1), name: z.string(), description: z.string().nullish() }).passthrough();

export type Template = z.infer<typeof templateShape> & IDataObject;

const templateSchema = templateShape.transform((template) => template as Template);

/** Documented as a bare array without pagination; `{items}` is read too. */
const templateListSchema = z
	.union([z.array(templateSchema), z.object({ items: z.array(templateSchema) }).passthrough()])
	.transform((answer) => (Array.isArray(answer) ? answer : answer.items));

export async function listTemplates(call: CallContext): Promise<Template[]> {
	return await callService(call, {
		method: 'GET',
		path: '/templates/',
		endpoint: 'GET /api/v1/templates/',
		idempotent: true,
		schema: templateListSchema,
		answerLimit: LIST_ANSWER,
	});
}

export async function getTemplate(call: CallContext, templateId: string): Promise<Template> {
	return await callService(call, {
		method: 'GET',
		path: `/templates/${encodeURIComponent(templateId)}`,
		endpoint: 'GET /api/v1/templates/{template_id}',
		idempotent: true,
		schema: templateSchema,
		notFound: `Template "${templateId}"`,
	});
}
