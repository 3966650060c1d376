import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { templateLocator } from './pickers';

// The pipeline fields: one Partitioning choice (a strategy, a template or JSON), Further Steps in
// the order of the decision, the VLM and layout settings as named choices in the operation's
// Options. pipelineReader.ts reads them.

/** How a file can be read, in the words of Partitioning (Process Files, Create Job, workflows and Partition File). */
export const STRATEGY_OPTIONS = {
	vlm: { name: 'Vision Model (VLM)', value: 'vlm', description: 'A vision language model reads every page' },
	hi_res: { name: 'High Resolution', value: 'hi_res', description: 'A layout model finds titles, tables and images' },
	fast: { name: 'Fast', value: 'fast', description: 'Text that can be extracted, no model: quickest' },
	auto: { name: 'Auto', value: 'auto', description: 'The service picks per document' },
	ocr_only: { name: 'OCR Only', value: 'ocr_only', description: 'Character recognition on every page' },
} satisfies Record<string, INodePropertyOptions>;

/** OCR languages, as Partition File and the loader both ask for them (checked by checks/validate.ts's languageCodes). */
export const languagesOption: INodeProperties = {
	displayName: 'Languages',
	name: 'languages',
	type: 'string',
	default: '',
	placeholder: 'e.g. eng, deu',
	description: 'Language codes for OCR, comma-separated; empty for the service’s default',
};

/** The partition strategies of the service's layout model (a `service_api` partition node). */
const SERVICE_STRATEGIES = ['hi_res', 'fast', 'auto', 'ocr_only'];
const BUILT_HERE = ['vlm', ...SERVICE_STRATEGIES];

const jobNodesJsonProperty: INodeProperties = {
	displayName: 'Job Nodes (JSON)',
	name: 'jobNodesJson',
	type: 'json',
	default:
		'[\n  {\n    "name": "Partitioner",\n    "type": "partition",\n    "subtype": "vlm",\n    "settings": { "is_dynamic": true, "allow_fast": true }\n  }\n]',
	description: 'The pipeline’s nodes as the service takes them: a partition node first, then the other nodes in order',
};

const PROMPTERS_WITH_PROVIDER = ['provider_ocr', 'provider_image_description', 'provider_table_description', 'provider_ner'];
const forKinds = (kinds: string[]) => ({ show: { kind: kinds } });
const extraction = forKinds(['llm']);

function providerField(name: string, kinds: string[]): INodeProperties {
	return {
		displayName: 'Provider',
		name,
		type: 'string',
		default: '',
		placeholder: 'Service default',
		hint: 'The model provider as your account names it; leave empty for the service’s default',
		displayOptions: forKinds(kinds),
	};
}

/** A further step: the kind first, then only the fields that kind has. */
const stepValues: INodeProperties[] = [
	{
		displayName: 'Kind',
		name: 'kind',
		type: 'options',
		options: [
			{ name: 'Image Description', value: 'provider_image_description', description: 'Describe the images in words' },
			{ name: 'Named Entity Recognition', value: 'provider_ner', description: 'Find people, places, organisations, …' },
			{ name: 'OCR', value: 'provider_ocr', description: 'Read the text of scanned pages again with a model' },
			{ name: 'Structured Data Extraction', value: 'llm', description: 'Pull fields (e.g. invoice number, total) out of each document as JSON' },
			{ name: 'Table Description', value: 'provider_table_description', description: 'Describe the tables in words' },
			{ name: 'Table to HTML', value: 'twopass_table2html', description: 'Turn the tables into HTML' },
		],
		default: 'llm',
	},
	{
		displayName: 'Define By',
		name: 'defineBy',
		type: 'options',
		options: [
			{ name: 'Extraction Guidance', value: 'extractionGuidance', description: 'Say in words what to extract' },
			{ name: 'JSON Schema', value: 'jsonSchema', description: 'Give the exact fields and types' },
		],
		default: 'extractionGuidance',
		displayOptions: extraction,
	},
	{
		displayName: 'Extraction Guidance',
		name: 'extractionGuidance',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. The invoice number, the customer name and the total amount',
		description: 'What to extract from each document, in plain words',
		displayOptions: { show: { kind: ['llm'], defineBy: ['extractionGuidance'] } },
	},
	{
		displayName: 'JSON Schema',
		name: 'jsonSchema',
		type: 'json',
		default: '',
		required: true,
		placeholder: '{ "type": "object", "properties": { "invoice_number": { "type": "string" } } }',
		description: 'JSON Schema of the object to extract from each document',
		displayOptions: { show: { kind: ['llm'], defineBy: ['jsonSchema'] } },
	},
	{
		displayName: 'Output',
		name: 'outputMode',
		type: 'options',
		options: [
			{ name: 'Extracted Data Only', value: 'extracted_data_only', description: 'Only the extracted object (or list of objects)' },
			{ name: 'Elements and Extracted Data', value: 'elements_with_extracted_data', description: 'The document’s elements, led by one with the extracted data' },
		],
		default: 'extracted_data_only',
		displayOptions: extraction,
	},
	// The service names the provider `provider` in an extractor and `provider_type` in a prompter.
	providerField('provider', ['llm']),
	providerField('providerType', PROMPTERS_WITH_PROVIDER),
	{
		displayName: 'Model',
		name: 'model',
		type: 'string',
		default: '',
		placeholder: 'Provider default',
		hint: 'The model as the provider names it; leave empty for the provider’s default',
		displayOptions: forKinds(['llm', ...PROMPTERS_WITH_PROVIDER]),
	},
	{
		displayName: 'Step Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Invoice Fields',
		description: 'A label for the step in the job; its kind when empty',
	},
];

/** In the order of use, the whole-pipeline sources last. */
const PARTITIONING_OPTIONS: INodePropertyOptions[] = [
	STRATEGY_OPTIONS.vlm,
	STRATEGY_OPTIONS.hi_res,
	STRATEGY_OPTIONS.fast,
	STRATEGY_OPTIONS.auto,
	STRATEGY_OPTIONS.ocr_only,
	{ name: 'Template Pipeline', value: 'template', description: 'Every step from one of the service’s templates' },
	{ name: 'JSON Pipeline', value: 'json', description: 'Every step as job nodes JSON, for full control' },
];

/** Partitioning, the template or JSON it can be replaced by, and Further Steps. */
export const pipelineProperties: INodeProperties[] = [
	{
		displayName: 'Partitioning',
		name: 'partitioning',
		type: 'options',
		noDataExpression: true,
		options: PARTITIONING_OPTIONS,
		default: 'vlm',
		description: 'How each file is read, the first step of the pipeline. Vision Model (VLM) by default, as jobs have always started.',
	},
	templateLocator({ displayOptions: { show: { partitioning: ['template'] } } }),
	{ ...jobNodesJsonProperty, displayOptions: { show: { partitioning: ['json'] } } },
	{
		displayName: 'Further Steps',
		name: 'steps',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Step',
		default: {},
		description: 'Steps after partitioning, in this order, e.g. Structured Data Extraction',
		displayOptions: { show: { partitioning: BUILT_HERE } },
		options: [{ name: 'step', displayName: 'Step', values: stepValues }],
	},
];

/** Which blocks the layout model keeps as images (a `service_api` setting). */
const imageBlockTypesField: INodeProperties = {
	displayName: 'Keep as Images',
	name: 'extractImageBlockTypes',
	type: 'multiOptions',
	options: [
		{ name: 'Image', value: 'image' },
		{ name: 'Table', value: 'table' },
	],
	default: ['image', 'table'],
	description: 'Which blocks the layout model also keeps as images in the output',
};

/** The Options entries of the partition step. */
export const pipelineOptions: INodeProperties[] = [
	{ ...imageBlockTypesField, displayOptions: { show: { '/partitioning': SERVICE_STRATEGIES } } },
	{
		displayName: 'Model per Page',
		name: 'modelPerPage',
		type: 'options',
		options: [
			{ name: 'Service Picks per Page', value: 'dynamic', description: 'A lighter or stronger model as each page needs' },
			{ name: 'Same Model for Every Page', value: 'fixed' },
		],
		default: 'dynamic',
		displayOptions: { show: { '/partitioning': ['vlm'] } },
	},
	{
		displayName: 'Pages With Plain Text',
		name: 'plainTextPages',
		type: 'options',
		options: [
			{ name: 'Read Their Text Directly', value: 'fast', description: 'Faster: pages whose text can be extracted skip the model' },
			{ name: 'Send Them to the Model Too', value: 'model' },
		],
		default: 'fast',
		displayOptions: { show: { '/partitioning': ['vlm'] } },
	},
];
