import type { INodeProperties } from 'n8n-workflow';
import { textOutputOption, textOutputProperties } from '../../descriptions/textOutput';
import { operationOptions } from '../../descriptions/operationOptions';
import { allowPrivateUrlsOption } from '../common/fileInput';
import { languagesOption, STRATEGY_OPTIONS } from '../../descriptions/pipelineFields';
import { DEFAULT_SPLIT_CONCURRENCY, MAX_SPLIT_CONCURRENCY } from '../../pdf/pdfSplit';

const vlmModelProvider: INodeProperties = {
	displayName: 'VLM Model Provider',
	name: 'vlmModelProvider',
	type: 'string',
	default: '',
	placeholder: 'e.g. provider',
	description: 'Provider of the vision language model; empty for the service’s default',
	displayOptions: { show: { '/partitionStrategy': ['vlm'] } },
};

const vlmModel: INodeProperties = {
	displayName: 'VLM Model',
	name: 'vlmModel',
	type: 'string',
	default: '',
	placeholder: 'e.g. model-name',
	description: 'Vision language model to use; empty for the provider’s default',
	displayOptions: { show: { '/partitionStrategy': ['vlm'] } },
};

const hiResModelName: INodeProperties = {
	displayName: 'Layout Model',
	name: 'hiResModelName',
	type: 'string',
	default: '',
	placeholder: 'e.g. yolox',
	description: 'Layout model for High Resolution; empty for the service’s default',
	displayOptions: { show: { '/partitionStrategy': ['hi_res'] } },
};

const chunkingStrategy: INodeProperties = {
	displayName: 'Chunking Strategy',
	name: 'chunkingStrategy',
	type: 'options',
	options: [
		{ name: 'None', value: 'none', description: 'One element per title, paragraph, table, …' },
		{
			name: 'By Title',
			value: 'by_title',
			description: 'Combine elements into chunks; a title always starts a new chunk',
		},
	],
	default: 'none',
	description: 'Whether and how the service combines elements into chunks, e.g. for embeddings',
};

const maxCharacters: INodeProperties = {
	displayName: 'Max Characters',
	name: 'maxCharacters',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 500,
	description: 'Longest chunk in characters; longer elements are cut',
	displayOptions: { show: { chunkingStrategy: ['by_title'] } },
};

const splitConcurrency: INodeProperties = {
	displayName: 'Page Ranges at Once',
	name: 'splitPdfConcurrencyLevel',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_SPLIT_CONCURRENCY },
	default: DEFAULT_SPLIT_CONCURRENCY,
	description: `How many page ranges of one PDF are partitioned at the same time (at most ${MAX_SPLIT_CONCURRENCY}; higher values count as ${MAX_SPLIT_CONCURRENCY})`,
	// Hidden only once Send Whole File is chosen: splitting is the default, so it is not added first.
	displayOptions: { hide: { pdfSplitting: ['whole'] } },
};

const outputMode: INodeProperties = {
	displayName: 'Output',
	name: 'outputMode',
	type: 'options',
	options: [
		{ name: 'One Item per Element', value: 'elements', description: 'Each element (title, paragraph, table, …) becomes an item' },
		{ name: 'One Item per File', value: 'files', description: 'Each file becomes an item with an "elements" array' },
		textOutputOption,
	],
	default: 'elements',
};

/** The Options entries that are not about partitioning or PDF splitting. */
const partitionOptions: INodeProperties[] = [
	{
		displayName: 'Additional Parameters',
		name: 'additionalParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add parameter',
		description:
			'Further form fields of the partition endpoint, sent as they are (e.g. include_page_breaks = true). Repeat a name to send several values.',
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. include_page_breaks' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', placeholder: 'e.g. true' },
				],
			},
		],
	},
	{
		displayName: 'Coordinates',
		name: 'coordinates',
		type: 'boolean',
		default: false,
		description: 'Whether each element gets the bounding box of where it is on its page',
	},
	languagesOption,
	{
		displayName: 'Page Range',
		name: 'pageRange',
		type: 'string',
		default: '',
		placeholder: 'e.g. 5-20',
		description:
			'PDFs only: the pages to partition, like 5-20, 5- (to the end) or 7. Pages past the end are left out. Other files are sent whole.',
	},
	{
		displayName: 'Starting Page Number',
		name: 'startingPageNumber',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		description: 'Number of the file’s first page, when the file is a part of a longer document',
	},
	{
		displayName: 'Unique Element IDs',
		name: 'uniqueElementIds',
		type: 'boolean',
		default: false,
		description:
			'Whether element IDs are random UUIDs, different on every run, instead of hashes of the text (equal texts share a hash)',
	},
];

/** The fields of Partition File after its input: Partitioning and Output at the top, the rest in Options. */
export const partitionProperties: INodeProperties[] = [
	{
		displayName: 'Partitioning',
		name: 'partitionStrategy',
		type: 'options',
		// In the order of use; High Resolution first, the default of this one-request operation.
		options: [STRATEGY_OPTIONS.hi_res, STRATEGY_OPTIONS.fast, STRATEGY_OPTIONS.auto, STRATEGY_OPTIONS.ocr_only, STRATEGY_OPTIONS.vlm],
		default: 'hi_res',
		description: 'How the document is read. High Resolution by default here; Process Files starts on Vision Model (VLM).',
	},
	outputMode,
	...textOutputProperties,
	operationOptions([
		...partitionOptions,
		allowPrivateUrlsOption,
		vlmModelProvider,
		vlmModel,
		hiResModelName,
		chunkingStrategy,
		maxCharacters,
		{
			displayName: 'PDF Splitting',
			name: 'pdfSplitting',
			type: 'options',
			options: [
				{ name: 'Split Into Page Ranges', value: 'split', description: 'Ranges partitioned side by side: much faster for long PDFs' },
				{ name: 'Send Whole File', value: 'whole', description: 'One request per PDF' },
			],
			default: 'split',
		},
		splitConcurrency,
		{
			displayName: 'When a Page Range Fails',
			name: 'failedRanges',
			type: 'options',
			options: [
				{ name: 'Fail the Item', value: 'fail' },
				{ name: 'Keep the Other Pages', value: 'keep', description: 'The failed ranges are listed in "failed_ranges"' },
			],
			default: 'fail',
			displayOptions: { hide: { pdfSplitting: ['whole'] } },
		},
	]),
];
