import type { IDataObject } from 'n8n-workflow';
import { compact, isObject } from '../helpers/jsonValue';
import { pipelineProblem } from './pipelineError';
import { parseJsonSchema } from './jsonSchema';

/**
 * The service's two output modes of a structured-data-extraction node. Its own default is
 * `elements_with_extracted_data`; the builder sends `extracted_data_only` unless told otherwise,
 * because that is the value the interface uses and what the builder has always sent.
 */
export const EXTRACTION_OUTPUT_MODES = ['extracted_data_only', 'elements_with_extracted_data'] as const;
export type ExtractionOutputMode = (typeof EXTRACTION_OUTPUT_MODES)[number];
export const DEFAULT_EXTRACTION_OUTPUT_MODE: ExtractionOutputMode = 'extracted_data_only';

/** Which of the two mutually exclusive definitions the step sends. */
export type ExtractionDefinedBy = 'jsonSchema' | 'extractionGuidance';

export interface ExtractionStep {
	kind: 'llm';
	name?: string;
	defineBy: ExtractionDefinedBy;
	jsonSchema?: unknown;
	extractionGuidance?: string;
	provider?: string;
	model?: string;
	outputMode?: string;
}

function checkOutputMode(field: string, value: unknown): void {
	if (value === undefined) return;
	if (!(EXTRACTION_OUTPUT_MODES as readonly unknown[]).includes(value)) {
		throw pipelineProblem(field, `output mode ${JSON.stringify(value)} is not one of ${EXTRACTION_OUTPUT_MODES.join(', ')}`);
	}
}

function guidanceText(field: string, value: unknown): string {
	if (typeof value !== 'string' || value.trim() === '') {
		throw pipelineProblem(field, 'the extraction guidance is empty: describe in words what to extract, e.g. "the invoice number, the customer and the total"');
	}
	return value.trim();
}

/** The settings of a builder step: exactly one of `json_schema` and `extraction_guidance`, as the Define By choice says. */
export function extractionSettings(where: string, step: ExtractionStep): IDataObject {
	const byGuidance = step.defineBy === 'extractionGuidance';
	const schemaToExtract = byGuidance
		? { extraction_guidance: guidanceText(`${where} › Extraction Guidance`, step.extractionGuidance) }
		: { json_schema: parseJsonSchema(`${where} › JSON Schema`, step.jsonSchema) };
	const outputMode = step.outputMode || DEFAULT_EXTRACTION_OUTPUT_MODE;
	checkOutputMode(`${where} › Output`, outputMode);
	return compact({ schema_to_extract: schemaToExtract, provider: step.provider, model: step.model, output_mode: outputMode });
}

/**
 * Raw settings of a `structured_data_extractor` node (JSON mode): the service refuses both or
 * neither definition with a 422 after the upload, so the same rule is checked here first.
 */
export function checkExtractorSettings(where: string, settings: IDataObject): IDataObject {
	const schemaToExtract = settings.schema_to_extract;
	if (!isObject(schemaToExtract)) throw pipelineProblem(where, '"settings.schema_to_extract" must be an object');
	const hasSchema = schemaToExtract.json_schema !== undefined && schemaToExtract.json_schema !== null;
	const hasGuidance = schemaToExtract.extraction_guidance !== undefined && schemaToExtract.extraction_guidance !== null;
	if (hasSchema === hasGuidance) {
		throw pipelineProblem(
			`${where} › schema_to_extract`,
			hasSchema
				? 'give exactly one of "json_schema" and "extraction_guidance", not both (the service refuses a node with both)'
				: 'give exactly one of "json_schema" (a JSON Schema) and "extraction_guidance" (what to extract, in words)',
		);
	}
	checkOutputMode(`${where} › output_mode`, settings.output_mode);
	return {
		...settings,
		schema_to_extract: hasSchema
			? { ...schemaToExtract, json_schema: parseJsonSchema(`${where} › json_schema`, schemaToExtract.json_schema) }
			: { ...schemaToExtract, extraction_guidance: guidanceText(`${where} › extraction_guidance`, schemaToExtract.extraction_guidance) },
	};
}
