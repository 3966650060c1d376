import type { INodeProperties } from 'n8n-workflow';
import { templateLocator } from './pickers';
import { imageBlockTypesField, jobNodesJsonProperty } from './pipelineFieldsV3';

const PROMPTERS_WITH_PROVIDER = ['provider_ocr', 'provider_image_description', 'provider_table_description', 'provider_ner'];

/** The pipeline builder of versions 1 and 2: a partition node first, then further steps in the user's order, or raw JSON. */
export const pipelineBeforeV3: INodeProperties[] = [
	{
		displayName: 'Pipeline Definition',
		name: 'pipelineMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'builder', description: 'Build the pipeline from the fields below' },
			{ name: 'Using JSON', value: 'json', description: 'Give the job nodes as JSON, for full control' },
			{ name: 'From a Template', value: 'template', description: 'Use the nodes of one of the service’s templates' },
		],
		default: 'builder',
	},
	templateLocator({ displayOptions: { show: { pipelineMode: ['template'] } } }),
	{
		displayName: 'Partition Strategy',
		name: 'partitionSubtype',
		type: 'options',
		options: [
			{ name: 'Vision Language Model (VLM)', value: 'vlm', description: 'Partition pages with a vision language model' },
			{ name: 'Partition Service (Hi-Res)', value: 'service_api', description: 'Partition with the layout-model service' },
		],
		default: 'vlm',
		description: 'The partition node, always the first node of the pipeline',
		displayOptions: { show: { pipelineMode: ['builder'] } },
	},
	{
		displayName: 'Dynamic',
		name: 'isDynamic',
		type: 'boolean',
		default: true,
		description: 'Whether the service may pick the model per page',
		displayOptions: { show: { pipelineMode: ['builder'], partitionSubtype: ['vlm'] } },
	},
	{
		displayName: 'Allow Fast',
		name: 'allowFast',
		type: 'boolean',
		default: true,
		description: 'Whether pages with plain extractable text may skip the model',
		displayOptions: { show: { pipelineMode: ['builder'], partitionSubtype: ['vlm'] } },
	},
	{
		displayName: 'Strategy',
		name: 'strategy',
		type: 'options',
		options: [
			{ name: 'Auto', value: 'auto' },
			{ name: 'Fast', value: 'fast' },
			{ name: 'Hi-Res', value: 'hi_res' },
			{ name: 'OCR Only', value: 'ocr_only' },
		],
		default: 'hi_res',
		displayOptions: { show: { pipelineMode: ['builder'], partitionSubtype: ['service_api'] } },
	},
	{
		...imageBlockTypesField,
		displayName: 'Extract Image Block Types',
		description: 'Which blocks to keep as images in the output',
		displayOptions: { show: { pipelineMode: ['builder'], partitionSubtype: ['service_api'] } },
	},
	{
		displayName: 'Further Steps',
		name: 'steps',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Step',
		default: {},
		description: 'Nodes that run after partitioning, in this order',
		displayOptions: { show: { pipelineMode: ['builder'] } },
		options: [
			{
				name: 'step',
				displayName: 'Step',
				values: [
					{
						displayName: 'Define By',
						name: 'defineBy',
						type: 'options',
						options: [
							{
								name: 'Extraction Guidance',
								value: 'extractionGuidance',
								description: 'Say in words what to extract; the service derives the fields from it',
							},
							{ name: 'JSON Schema', value: 'jsonSchema', description: 'Give the exact fields and types as a JSON Schema' },
						],
						default: 'jsonSchema',
						description: 'The service takes exactly one of the two, so only the chosen one is sent',
						displayOptions: { show: { kind: ['llm'] } },
					},
					{
						displayName: 'Extraction Guidance',
						name: 'extractionGuidance',
						type: 'string',
						typeOptions: { rows: 4 },
						default: '',
						placeholder: 'e.g. The invoice number, the customer name and the total amount',
						description: 'What to extract from each document, in plain words',
						displayOptions: { show: { kind: ['llm'], defineBy: ['extractionGuidance'] } },
					},
					{
						displayName: 'JSON Schema',
						name: 'jsonSchema',
						type: 'json',
						default: '{\n  "type": "object",\n  "properties": {\n    "title": { "type": "string" }\n  }\n}',
						description: 'JSON Schema of the object to extract from each document',
						displayOptions: { show: { kind: ['llm'], defineBy: ['jsonSchema'] } },
					},
					{
						displayName: 'Kind',
						name: 'kind',
						type: 'options',
						options: [
							{ name: 'Image Description', value: 'provider_image_description' },
							{ name: 'Named Entity Recognition', value: 'provider_ner' },
							{ name: 'OCR', value: 'provider_ocr' },
							{ name: 'Structured Data Extraction', value: 'llm' },
							{ name: 'Table Description', value: 'provider_table_description' },
							{ name: 'Table to HTML', value: 'twopass_table2html' },
						],
						default: 'llm',
					},
					{
						displayName: 'Model',
						name: 'model',
						type: 'string',
						default: '',
						displayOptions: { show: { kind: ['llm', ...PROMPTERS_WITH_PROVIDER] } },
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Free label for the node; defaults to its kind',
					},
					{
						displayName: 'Output Mode',
						name: 'outputMode',
						type: 'options',
						options: [
							{
								name: 'Elements With Extracted Data',
								value: 'elements_with_extracted_data',
								description: 'The document’s elements, led by a DocumentData element that carries the extracted data',
							},
							{ name: 'Extracted Data Only', value: 'extracted_data_only', description: 'Only the extracted data: an object, or a list of objects' },
						],
						default: 'extracted_data_only',
						displayOptions: { show: { kind: ['llm'] } },
					},
					{
						displayName: 'Provider',
						name: 'provider',
						type: 'string',
						default: '',
						description: 'Model provider for the extraction, as your account names it',
						displayOptions: { show: { kind: ['llm'] } },
					},
					{
						displayName: 'Provider Type',
						name: 'providerType',
						type: 'string',
						default: '',
						description: 'Model provider for this prompter, as your account names it',
						displayOptions: { show: { kind: PROMPTERS_WITH_PROVIDER } },
					},
				],
			},
		],
	},
	{ ...jobNodesJsonProperty, displayOptions: { show: { pipelineMode: ['json'] } } },
];
