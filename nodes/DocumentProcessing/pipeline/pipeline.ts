// pipeline/ owns the processing pipeline a job or workflow runs: building and checking its nodes
// (this file), the extraction step and its JSON schema (extractionStep.ts, jsonSchema.ts) and the
// problems a bad pipeline raises (pipelineError.ts). It may import helpers/ and n8n-workflow,
// nothing of the layers (descriptions/, jobs/, api/) that use it.

import type { IDataObject } from 'n8n-workflow';
import { checkExtractorSettings, extractionSettings, type ExtractionStep } from './extractionStep';
import { compact, isObject } from '../helpers/jsonValue';
import { parseJsonText, pipelineProblem } from './pipelineError';

export { parseJsonSchema } from './jsonSchema';

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

/** A job's pipeline: its own nodes, or a service template's (`template_id` replaces the nodes). */
export type JobPipeline = JobNode[] | { templateId: string };

export type PartitionStep =
	| { subtype: 'vlm'; isDynamic: boolean; allowFast: boolean }
	| { subtype: 'service_api'; strategy: string; extractImageBlockTypes: string[] };

export type FurtherStep =
	| ExtractionStep
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
			nodes.push({ name, type: 'structured_data_extractor', subtype: 'llm', settings: extractionSettings(where, step) });
		} else if (step.kind === 'twopass_table2html') {
			nodes.push({ name, type: 'prompter', subtype: 'twopass_table2html' });
		} else {
			nodes.push({ name, type: 'prompter', subtype: step.kind, settings: compact({ provider_type: step.providerType, model: step.model }) });
		}
	});
	return nodes;
}

/** Checks raw `job_nodes` (an array, or `{job_nodes: [...]}`) against the interface's rules. */
export function parseRawJobNodes(field: string, raw: unknown): JobNode[] {
	let value: unknown = raw;
	if (typeof raw === 'string') value = parseJsonText(field, raw);
	if (isObject(value) && Array.isArray(value.job_nodes)) value = value.job_nodes;
	if (!Array.isArray(value) || value.length === 0) {
		throw pipelineProblem(field, 'expected a non-empty array of job nodes (or an object with "job_nodes")');
	}
	return value.map((entry: unknown, index) => {
		const where = `${field} › job_nodes[${index}]`;
		if (!isObject(entry)) throw pipelineProblem(where, 'each job node must be an object');
		const { name, type, subtype, settings } = entry;
		// Own keys only: `in` also finds what every object inherits (`__proto__`, `constructor`, `toString`).
		if (typeof type !== 'string' || !Object.hasOwn(NODE_KINDS, type)) {
			throw pipelineProblem(where, `unknown type ${JSON.stringify(type)}; expected one of ${Object.keys(NODE_KINDS).join(', ')}`);
		}
		const subtypes = NODE_KINDS[type] as readonly string[];
		if (typeof subtype !== 'string' || !subtypes.includes(subtype)) {
			throw pipelineProblem(where, `unknown subtype ${JSON.stringify(subtype)} for ${type}; expected one of ${subtypes.join(', ')}`);
		}
		if ((type === 'partition') !== (index === 0)) {
			throw pipelineProblem(where, index === 0 ? 'the first node must be a partition node' : 'only the first node may be a partition node');
		}
		if (settings !== undefined && !isObject(settings)) throw pipelineProblem(where, '"settings" must be an object');
		if (settings === undefined && subtype !== 'twopass_table2html') {
			throw pipelineProblem(where, `"settings" is required for ${subtype}`);
		}
		const node: JobNode = { name: typeof name === 'string' && name.trim() ? name : `${type}-${index}`, type, subtype };
		// An extractor's rules concern the step itself, so its errors name it too (the index alone is hard to find).
		const named = typeof name === 'string' && name.trim() ? `${where} "${name.trim()}"` : where;
		if (settings) node.settings = normaliseSettings(named, type, settings);
		return node;
	});
}

function normaliseSettings(where: string, type: string, settings: IDataObject): IDataObject {
	return type === 'structured_data_extractor' ? checkExtractorSettings(where, settings) : settings;
}

/**
 * `request_data` as the form request carries it: `json_schema` goes as a JSON-encoded string
 * (the interface's rule for form requests), everything else as plain JSON.
 */
export function requestData(pipeline: JobPipeline): string {
	if (!Array.isArray(pipeline)) return JSON.stringify({ template_id: pipeline.templateId });
	const jobNodes = pipeline;
	const encoded = jobNodes.map((node) => {
		const schemaToExtract = node.settings?.schema_to_extract;
		if (!isObject(schemaToExtract) || !isObject(schemaToExtract.json_schema)) return node;
		return {
			...node,
			settings: { ...node.settings, schema_to_extract: { ...schemaToExtract, json_schema: JSON.stringify(schemaToExtract.json_schema) } },
		};
	});
	return JSON.stringify({ job_nodes: encoded });
}
