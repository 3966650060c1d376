import { isPlainObject } from '../http/body';

const MAX_DEPTH = 8;

function schemaType(schema: Record<string, unknown>): string | undefined {
	const type = schema.type;
	if (typeof type === 'string') return type;
	if (Array.isArray(type)) return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
	if (isPlainObject(schema.properties)) return 'object';
	if (schema.items !== undefined) return 'array';
	return undefined;
}

/** A deterministic stand-in value of the type the schema describes (what an LLM extraction would fill in). */
export function placeholderFor(schema: unknown, name: string, depth = 0): unknown {
	if (!isPlainObject(schema) || depth > MAX_DEPTH) return null;
	if (schema.const !== undefined) return schema.const;
	if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
	if (schema.default !== undefined) return schema.default;
	if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
	const variants = schema.anyOf ?? schema.oneOf;
	if (Array.isArray(variants) && variants.length > 0) return placeholderFor(variants[0], name, depth + 1);
	switch (schemaType(schema)) {
		case 'object': {
			const result: Record<string, unknown> = {};
			const properties = isPlainObject(schema.properties) ? schema.properties : {};
			for (const [key, property] of Object.entries(properties)) result[key] = placeholderFor(property, key, depth + 1);
			return result;
		}
		case 'array':
			return [placeholderFor(schema.items, name, depth + 1)];
		case 'integer':
		case 'number':
			return 0;
		case 'boolean':
			return false;
		case 'null':
			return null;
		case 'string':
			if (schema.format === 'date') return '2024-01-01';
			if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
			if (schema.format === 'email') return 'name@example.com';
			return `example ${name}`;
		default:
			return null;
	}
}
