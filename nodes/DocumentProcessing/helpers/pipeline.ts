import type { IDataObject } from 'n8n-workflow';

/** Node kinds of the service interface: type → subtypes. */
export const NODE_KINDS: Record<string, readonly string[]> = {
	partition: ['vlm', 'service_api'],
	structured_data_extractor: ['llm'],
	prompter: [
		'provider_ocr',
		'provider_image_description',
		'twopass_table2html',
		'provider_table_description',
		'provider_ner',
	],
};

export interface JobNode {
	name: string;
	type: string;
	subtype: string;
	settings?: IDataObject;
}

/** A problem with the pipeline, named by where it is so the user can find it. */
export class PipelineError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(`${field}: ${message}`);
	}
}

export type PartitionStep =
	| { subtype: 'vlm'; isDynamic: boolean; allowFast: boolean }
	| { subtype: 'service_api'; strategy: string; extractImageBlockTypes: string[] };

export type FurtherStep =
	| {
			kind: 'llm';
			name?: string;
			jsonSchema: unknown;
			extractionGuidance?: string;
			provider?: string;
			model?: string;
			outputMode?: string;
	  }
	| { kind: 'twopass_table2html'; name?: string }
	| {
			kind: 'provider_ocr' | 'provider_image_description' | 'provider_table_description' | 'provider_ner';
			name?: string;
			providerType?: string;
			model?: string;
	  };

const STEP_LABELS: Record<string, string> = {
	llm: 'Structured Data Extractor',
	provider_ocr: 'OCR',
	provider_image_description: 'Image Description',
	twopass_table2html: 'Table to HTML',
	provider_table_description: 'Table Description',
	provider_ner: 'Named Entity Recognition',
};

function parseJsonText(field: string, raw: string): unknown {
	let problem: string;
	try {
		return JSON.parse(raw) as unknown;
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new PipelineError(field, `not valid JSON (${problem})`);
}

const JSON_SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Accepts a JSON Schema as text or object; returns it as an object after checking it is one. */
export function parseJsonSchema(field: string, raw: unknown): IDataObject {
	let value: unknown = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') throw new PipelineError(field, 'the JSON Schema is empty');
		value = parseJsonText(field, raw);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new PipelineError(field, 'a JSON Schema must be a JSON object, e.g. {"type": "object", "properties": {...}}');
	}
	const schema = value as IDataObject;
	const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
	for (const type of types) {
		if (typeof type !== 'string' || !JSON_SCHEMA_TYPES.has(type)) {
			throw new PipelineError(field, `"type" must be one of ${[...JSON_SCHEMA_TYPES].join(', ')}`);
		}
	}
	if (schema.properties !== undefined && (typeof schema.properties !== 'object' || schema.properties === null || Array.isArray(schema.properties))) {
		throw new PipelineError(field, '"properties" must be an object');
	}
	if (schema.type === undefined && schema.properties === undefined && schema.$ref === undefined && schema.anyOf === undefined && schema.oneOf === undefined) {
		throw new PipelineError(field, 'the schema describes nothing: give it a "type" or "properties"');
	}
	return schema;
}

function compact(settings: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== ''));
}

/** The job nodes the UI fields describe: the partition node first, then the steps in the user's order. */
export function buildJobNodes(partition: PartitionStep, steps: FurtherStep[]): JobNode[] {
	const nodes: JobNode[] = [
		partition.subtype === 'vlm'
			? { name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: partition.isDynamic, allow_fast: partition.allowFast } }
			: {
					name: 'Partitioner',
					type: 'partition',
					subtype: 'service_api',
					settings: { strategy: partition.strategy, extract_image_block_types: partition.extractImageBlockTypes },
				},
	];
	steps.forEach((step, index) => {
		const name = step.name?.trim() || STEP_LABELS[step.kind];
		const where = `Step ${index + 1} (${STEP_LABELS[step.kind]})`;
		if (step.kind === 'llm') {
			nodes.push({
				name,
				type: 'structured_data_extractor',
				subtype: 'llm',
				settings: compact({
					schema_to_extract: compact({
						json_schema: parseJsonSchema(`${where} › JSON Schema`, step.jsonSchema),
						extraction_guidance: step.extractionGuidance,
					}),
					provider: step.provider,
					model: step.model,
					output_mode: step.outputMode ?? 'extracted_data_only',
				}),
			});
		} else if (step.kind === 'twopass_table2html') {
			nodes.push({ name, type: 'prompter', subtype: 'twopass_table2html' });
		} else {
			nodes.push({ name, type: 'prompter', subtype: step.kind, settings: compact({ provider_type: step.providerType, model: step.model }) });
		}
	});
	return nodes;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks raw `job_nodes` (an array, or `{job_nodes: [...]}`) against the interface's rules. */
export function parseRawJobNodes(field: string, raw: unknown): JobNode[] {
	let value: unknown = raw;
	if (typeof raw === 'string') value = parseJsonText(field, raw);
	if (isObject(value) && Array.isArray(value.job_nodes)) value = value.job_nodes;
	if (!Array.isArray(value) || value.length === 0) {
		throw new PipelineError(field, 'expected a non-empty array of job nodes (or an object with "job_nodes")');
	}
	return value.map((entry: unknown, index) => {
		const where = `${field} › job_nodes[${index}]`;
		if (!isObject(entry)) throw new PipelineError(where, 'each job node must be an object');
		const { name, type, subtype, settings } = entry;
		if (typeof type !== 'string' || !(type in NODE_KINDS)) {
			throw new PipelineError(where, `unknown type ${JSON.stringify(type)}; expected one of ${Object.keys(NODE_KINDS).join(', ')}`);
		}
		if (typeof subtype !== 'string' || !NODE_KINDS[type].includes(subtype)) {
			throw new PipelineError(where, `unknown subtype ${JSON.stringify(subtype)} for ${type}; expected one of ${NODE_KINDS[type].join(', ')}`);
		}
		if ((type === 'partition') !== (index === 0)) {
			throw new PipelineError(where, index === 0 ? 'the first node must be a partition node' : 'only the first node may be a partition node');
		}
		if (settings !== undefined && !isObject(settings)) throw new PipelineError(where, '"settings" must be an object');
		if (settings === undefined && subtype !== 'twopass_table2html') {
			throw new PipelineError(where, `"settings" is required for ${subtype}`);
		}
		const node: JobNode = { name: typeof name === 'string' && name.trim() ? name : `${type}-${index}`, type, subtype };
		if (settings) node.settings = normaliseSettings(where, type, settings);
		return node;
	});
}

function normaliseSettings(where: string, type: string, settings: IDataObject): IDataObject {
	if (type !== 'structured_data_extractor') return settings;
	const schemaToExtract = settings.schema_to_extract;
	if (!isObject(schemaToExtract)) throw new PipelineError(where, '"settings.schema_to_extract" must be an object');
	return {
		...settings,
		schema_to_extract: { ...schemaToExtract, json_schema: parseJsonSchema(`${where} › json_schema`, schemaToExtract.json_schema) },
	};
}

/**
 * `request_data` as the form request carries it: `json_schema` goes as a JSON-encoded string
 * (the interface's rule for form requests), everything else as plain JSON.
 */
export function requestData(jobNodes: JobNode[]): string {
	const encoded = jobNodes.map((node) => {
		const schemaToExtract = node.settings?.schema_to_extract;
		if (!isObject(schemaToExtract) || typeof schemaToExtract.json_schema === 'string') return node;
		return {
			...node,
			settings: { ...node.settings, schema_to_extract: { ...schemaToExtract, json_schema: JSON.stringify(schemaToExtract.json_schema) } },
		};
	});
	return JSON.stringify({ job_nodes: encoded });
}
