import type { INodeProperties } from 'n8n-workflow';
import { inputBinaryField } from '../descriptions/binaryInput';
import { languagesOption, STRATEGY_OPTIONS } from '../descriptions/pipelineFields';

/** The Document Processing Loader's panel: what a first run needs on top, the rest in Options. */

const chunkingOnly = (strategies: string[]) => ({ displayOptions: { show: { '/chunkingStrategy': strategies } } });

export const loaderProperties: INodeProperties[] = [
	{
		displayName: 'Input',
		name: 'inputSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'All Binary Fields', value: 'allBinary', description: 'Every file each item carries' },
			{ name: 'Binary Field', value: 'binary', description: 'The files in the binary field(s) named below' },
			{
				name: 'Elements From This Package',
				value: 'elements',
				description: 'Items of Partition File or Process Files (an element per item, or a file with its elements): stored without processing again',
			},
		],
		default: 'allBinary',
	},
	inputBinaryField('The name of the input binary field(s) containing the file(s), comma-separated', {
		placeholder: 'e.g. data, attachment_0',
		displayOptions: { show: { inputSource: ['binary'] } },
	}),
	{
		displayName: 'Partitioning',
		name: 'partitionStrategy',
		type: 'options',
		options: [STRATEGY_OPTIONS.vlm, STRATEGY_OPTIONS.hi_res, STRATEGY_OPTIONS.fast, STRATEGY_OPTIONS.auto, STRATEGY_OPTIONS.ocr_only],
		default: 'vlm',
		description: 'How each file is read. Vision Model (VLM) by default, as in Process Files.',
		displayOptions: { hide: { inputSource: ['elements'] } },
	},
	{
		displayName: 'Chunking Strategy',
		name: 'chunkingStrategy',
		type: 'options',
		options: [
			{ name: 'By Title', value: 'by_title', description: 'A title starts a new chunk: sections stay whole' },
			{ name: 'By Page', value: 'by_page', description: 'A page starts a new chunk' },
			{ name: 'By Similarity', value: 'by_similarity', description: 'Elements about the same topic share a chunk' },
			{ name: 'Basic', value: 'basic', description: 'Elements packed up to Max Characters, no boundaries' },
		],
		default: 'by_title',
		description: 'How the service combines the elements it finds into chunks, one document each',
		displayOptions: { hide: { inputSource: ['elements'] } },
	},
	{
		displayName: 'Max Characters',
		name: 'maxCharacters',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 500,
		description: 'Longest chunk in characters (the service’s default is 500); longer elements are cut',
		displayOptions: { hide: { inputSource: ['elements'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Combine Sections Under (Characters)',
				name: 'combineUnderNChars',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 500,
				description: 'A section shorter than this is combined with the next one (0: never). The service’s default is Max Characters.',
				...chunkingOnly(['by_title']),
			},
			{
				displayName: 'Coordinates in Metadata',
				name: 'coordinates',
				type: 'boolean',
				default: false,
				description: 'Whether to add where each element sits on its page, as a JSON string in "coordinates"',
			},
			languagesOption,
			{
				displayName: 'Leave Out Metadata Keys',
				name: 'leaveOutKeys',
				type: 'string',
				default: '',
				placeholder: 'e.g. element_id, languages',
				description: 'Metadata keys not to store, comma-separated',
			},
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Metadata Key',
				default: {},
				description: 'Keys and values added to every document of the item, e.g. a customer ID to filter on',
				options: [
					{
						displayName: 'Metadata',
						name: 'values',
						values: [
							{ displayName: 'Key', name: 'key', type: 'string', default: '' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
			{
				displayName: 'New Chunk After (Characters)',
				name: 'newAfterNChars',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 500,
				description: 'Soft limit: no element is added to a chunk this long. The service’s default is Max Characters.',
			},
			{
				displayName: 'Overlap (Characters)',
				name: 'overlap',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Characters of the end of a chunk that start the next, where a long element was cut',
			},
			{
				displayName: 'Overlap All Chunks',
				name: 'overlapAll',
				type: 'boolean',
				default: false,
				description: 'Whether Overlap applies between all chunks, not only the pieces of a cut element',
			},
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
			{
				displayName: 'Sections Across Pages',
				name: 'multipageSections',
				type: 'boolean',
				default: true,
				description: 'Whether a section may run over a page break (when off, a page also starts a new chunk)',
				...chunkingOnly(['by_title']),
			},
			{
				displayName: 'Similarity Threshold',
				name: 'similarityThreshold',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
				default: 0.5,
				description: 'How alike (0 to 1) neighbouring elements must be to share a chunk',
				...chunkingOnly(['by_similarity']),
			},
			{
				displayName: 'Tables as HTML',
				name: 'tablesAsHtml',
				type: 'boolean',
				default: false,
				description: 'Whether a table’s document holds the service’s HTML of the table (rows and cells kept) instead of its plain text',
			},
		],
	},
];
