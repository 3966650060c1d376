/** Bad pipelines (raw JSON and builder steps) and wait settings: each message names the job node or step and the field. */
import type { INodeParameters } from 'n8n-workflow';
import { DEFAULT_WORKFLOW_ID } from '../../../emulator';
import { type BadInput, create, oneFile } from './case';

const rawPipeline = (jobNodes: unknown): INodeParameters =>
	create({ partitioning: 'json', jobNodesJson: typeof jobNodes === 'string' ? jobNodes : JSON.stringify(jobNodes) });
const vlm = { name: 'P', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } };
const llmStep = (jsonSchema: string): INodeParameters => create({ steps: { step: [{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema }] } });

export const PIPELINE_INPUTS: BadInput[] = [
	{ name: 'invalid JSON in raw pipeline mode', parameters: rawPipeline('[{"type": '), items: oneFile, message: /^Invalid pipeline — Job Nodes \(JSON\): not valid JSON/, itemIndex: 0 },
	{ name: 'an empty raw pipeline', parameters: rawPipeline([]), items: oneFile, message: /Job Nodes \(JSON\): expected a non-empty array of job nodes/, itemIndex: 0 },
	{
		name: 'a pipeline without a partition node first',
		parameters: rawPipeline([{ name: 'OCR', type: 'prompter', subtype: 'provider_ocr', settings: {} }, vlm]),
		items: oneFile,
		message: /Job Nodes \(JSON\) › job_nodes\[0\]: the first node must be a partition node$/,
		itemIndex: 0,
	},
	{
		name: 'a second partition node',
		parameters: rawPipeline([vlm, vlm]),
		items: oneFile,
		message: /job_nodes\[1\]: only the first node may be a partition node$/,
		itemIndex: 0,
	},
	{
		name: 'an unknown subtype',
		parameters: rawPipeline([{ ...vlm, subtype: 'magic' }]),
		items: oneFile,
		message: /job_nodes\[0\]: unknown subtype "magic" for partition; expected one of vlm, service_api$/,
		itemIndex: 0,
	},
	{
		name: 'an unknown node type',
		parameters: rawPipeline([vlm, { name: 'S', type: 'summariser', subtype: 'x', settings: {} }]),
		items: oneFile,
		message: /job_nodes\[1\]: unknown type "summariser"/,
		itemIndex: 0,
	},
	{
		name: 'a partition node without settings',
		parameters: rawPipeline([{ name: 'P', type: 'partition', subtype: 'vlm' }]),
		items: oneFile,
		message: /job_nodes\[0\]: "settings" is required for vlm$/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema that is not JSON',
		parameters: llmStep('{"type": "object", '),
		items: oneFile,
		message: /^Invalid pipeline — Step 1 \(Structured Data Extractor\) › JSON Schema: not valid JSON/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema that is not a schema',
		parameters: llmStep('[1, 2]'),
		items: oneFile,
		message: /Step 1 \(Structured Data Extractor\) › JSON Schema: a JSON Schema must be a JSON object/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema with an unknown type',
		parameters: llmStep('{"type": "banana"}'),
		items: oneFile,
		message: /Step 1 \(Structured Data Extractor\) › JSON Schema: "type" must be one of object, array/,
		itemIndex: 0,
	},
	{
		name: 'a raw json_schema that is not JSON',
		parameters: rawPipeline([vlm, { name: 'X', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: '{oops' } } }]),
		items: oneFile,
		message: /job_nodes\[1\] "X" › json_schema: not valid JSON/,
		itemIndex: 0,
	},
	{
		name: 'a poll interval under a second',
		parameters: { resource: 'job', operation: 'waitForCompletion', jobId: DEFAULT_WORKFLOW_ID, options: { maxPollIntervalSeconds: 0.5 } },
		message: /^The poll interval must be at least 1 second and the timeout positive$/,
		itemIndex: 0,
	},
];
