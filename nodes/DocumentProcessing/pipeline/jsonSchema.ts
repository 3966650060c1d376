import type { IDataObject } from 'n8n-workflow';
import { parseJsonText, pipelineProblem } from './pipelineError';

const JSON_SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Accepts a JSON Schema as text or object; returns it as an object after checking it is one. */
export function parseJsonSchema(field: string, raw: unknown): IDataObject {
	let value: unknown = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') throw pipelineProblem(field, 'the JSON Schema is empty');
		value = parseJsonText(field, raw);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw pipelineProblem(field, 'a JSON Schema must be a JSON object, e.g. {"type": "object", "properties": {...}}');
	}
	const schema = value as IDataObject;
	const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
	for (const type of types) {
		if (typeof type !== 'string' || !JSON_SCHEMA_TYPES.has(type)) {
			throw pipelineProblem(field, `"type" must be one of ${[...JSON_SCHEMA_TYPES].join(', ')}`);
		}
	}
	if (schema.properties !== undefined && (typeof schema.properties !== 'object' || schema.properties === null || Array.isArray(schema.properties))) {
		throw pipelineProblem(field, '"properties" must be an object');
	}
	if (schema.type === undefined && schema.properties === undefined && schema.$ref === undefined && schema.anyOf === undefined && schema.oneOf === undefined) {
		throw pipelineProblem(field, 'the schema describes nothing: give it a "type" or "properties"');
	}
	return schema;
}
