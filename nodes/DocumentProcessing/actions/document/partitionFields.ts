import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { NODE_FIELDS, type PartitionParameters } from '../../api/partitionForm';
import { textOutputOption, textOutputProperties } from '../../descriptions/textOutput';
import { DEFAULT_SPLIT_CONCURRENCY, MAX_SPLIT_CONCURRENCY, parsePageRange } from '../../helpers/pdfSplit';

export type PartitionOutputMode = 'elements' | 'files' | 'text';

/** The fields of Partition File, in the order the panel shows them. */
export const partitionProperties: INodeProperties[] = [
	{
		displayName: 'Strategy',
		name: 'partitionStrategy',
		type: 'options',
		options: [
			{ name: 'Auto', value: 'auto', description: 'The service picks a strategy per document' },
			{ name: 'Fast', value: 'fast', description: 'Extractable text only, no layout model: quickest' },
			{ name: 'Hi-Res', value: 'hi_res', description: 'Layout model: titles, tables and images are recognised' },
			{ name: 'OCR Only', value: 'ocr_only', description: 'Optical character recognition on every page' },
			{ name: 'VLM', value: 'vlm', description: 'A vision language model reads every page' },
		],
		default: 'hi_res',
		description: 'How the service reads the document',
	},
	{
		displayName: 'VLM Model Provider',
		name: 'vlmModelProvider',
		type: 'string',
		default: '',
		placeholder: 'e.g. provider',
		description: 'Provider of the vision language model; empty for the service’s default',
		displayOptions: { show: { partitionStrategy: ['vlm'] } },
	},
	{
		displayName: 'VLM Model',
		name: 'vlmModel',
		type: 'string',
		default: '',
		placeholder: 'e.g. model-name',
		description: 'Vision language model to use; empty for the provider’s default',
		displayOptions: { show: { partitionStrategy: ['vlm'] } },
	},
	{
		displayName: 'Hi-Res Model Name',
		name: 'hiResModelName',
		type: 'string',
		default: '',
		placeholder: 'e.g. yolox',
		description: 'Layout model for Hi-Res; empty for the service’s default',
		displayOptions: { show: { partitionStrategy: ['hi_res'] } },
	},
	{
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
	},
	{
		displayName: 'Max Characters',
		name: 'maxCharacters',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 500,
		description: 'Longest chunk in characters; longer elements are cut',
		displayOptions: { show: { chunkingStrategy: ['by_title'] } },
	},
	{
		displayName: 'Split PDF by Pages',
		name: 'splitPdfPage',
		type: 'boolean',
		default: true,
		description:
			'Whether to split PDFs into page ranges here and partition the ranges side by side: much faster for long documents. Page numbers stay those of the whole document.',
	},
	{
		displayName: 'Concurrency',
		name: 'splitPdfConcurrencyLevel',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_SPLIT_CONCURRENCY },
		default: DEFAULT_SPLIT_CONCURRENCY,
		description: `How many page ranges of one PDF are partitioned at the same time (at most ${MAX_SPLIT_CONCURRENCY}; higher values count as ${MAX_SPLIT_CONCURRENCY})`,
		displayOptions: { show: { splitPdfPage: [true] } },
	},
	{
		displayName: 'Allow Failed Ranges',
		name: 'splitPdfAllowFailed',
		type: 'boolean',
		default: false,
		description:
			'Whether a PDF whose page ranges partly failed still gives the elements of the ranges that worked (the failed ranges are listed in "failed_ranges"); when off, one failed range fails the item',
		displayOptions: { show: { splitPdfPage: [true] } },
	},
	{
		displayName: 'Output',
		name: 'outputMode',
		type: 'options',
		options: [
			{ name: 'One Item per Element', value: 'elements', description: 'Each element (title, paragraph, table, …) becomes an item' },
			{ name: 'One Item per File', value: 'files', description: 'Each file becomes an item with an "elements" array' },
			textOutputOption,
		],
		default: 'elements',
	},
	...textOutputProperties,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
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
			{
				displayName: 'Languages',
				name: 'languages',
				type: 'string',
				default: '',
				placeholder: 'e.g. eng, deu',
				description: 'Language codes for OCR, comma-separated; empty for the service’s default',
			},
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
		],
	},
];

interface PartitionOptionsValues {
	additionalParameters?: { parameter?: Array<{ name?: string; value?: string }> };
	coordinates?: boolean;
	languages?: string;
	pageRange?: string;
	startingPageNumber?: number;
	uniqueElementIds?: boolean;
}

const LANGUAGE_CODE = /^[a-z]{2,3}(?:[_-][a-z0-9]+)*$/i;

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

function positiveInteger(ctx: IExecuteFunctions, itemIndex: number, field: string, raw: unknown): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
		fail(ctx, itemIndex, `${field} must be a whole number of at least 1, not "${String(raw)}"`, `Enter a number such as 1 or 5 in ${field}.`);
	}
	return value;
}

function readLanguages(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): string[] {
	const codes = String(raw ?? '')
		.split(',')
		.map((code) => code.trim())
		.filter((code) => code !== '');
	const bad = codes.find((code) => !LANGUAGE_CODE.test(code));
	if (bad !== undefined) {
		fail(ctx, itemIndex, `Languages: "${bad}" is not a language code`, 'Use OCR language codes such as eng, deu or chi_sim, separated by commas.');
	}
	return codes;
}

function readAdditional(ctx: IExecuteFunctions, itemIndex: number, raw: PartitionOptionsValues['additionalParameters']): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	for (const entry of raw?.parameter ?? []) {
		const name = String(entry.name ?? '').trim();
		if (name === '') fail(ctx, itemIndex, 'Additional Parameters: a parameter has no name', 'Give every additional parameter a name, or remove it.');
		if (NODE_FIELDS.has(name) || name === 'starting_page_number') {
			fail(
				ctx,
				itemIndex,
				`Additional Parameters: "${name}" is set by a field of this node`,
				'Use the node’s own field for it; additional parameters are for form fields the node has no field for.',
			);
		}
		const value = entry.value;
		pairs.push([name, typeof value === 'string' ? value : JSON.stringify(value ?? '')]);
	}
	return pairs;
}

/** Everything the partition request needs from one item's parameters, checked before any request. */
export function readPartitionParameters(ctx: IExecuteFunctions, itemIndex: number): PartitionParameters {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject & PartitionOptionsValues;
	const strategy = ctx.getNodeParameter('partitionStrategy', itemIndex, 'hi_res') as string;
	const chunking = ctx.getNodeParameter('chunkingStrategy', itemIndex, 'none') as string;
	const splitPdfPage = ctx.getNodeParameter('splitPdfPage', itemIndex, true) as boolean;
	const text = (name: string): string => String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();

	let pageRange: PartitionParameters['pageRange'];
	try {
		pageRange = parsePageRange(String(options.pageRange ?? ''));
	} catch (error) {
		fail(ctx, itemIndex, `Page Range: ${(error as Error).message}`, 'Enter pages like 5-20, 5- (to the end) or 7, or leave it empty.');
	}

	return {
		strategy,
		vlmModelProvider: strategy === 'vlm' ? text('vlmModelProvider') || undefined : undefined,
		vlmModel: strategy === 'vlm' ? text('vlmModel') || undefined : undefined,
		hiResModelName: strategy === 'hi_res' ? text('hiResModelName') || undefined : undefined,
		languages: readLanguages(ctx, itemIndex, options.languages),
		coordinates: options.coordinates === true,
		uniqueElementIds: options.uniqueElementIds === true,
		chunkingStrategy: chunking === 'none' || chunking === '' ? undefined : chunking,
		maxCharacters:
			chunking === 'none' ? undefined : positiveInteger(ctx, itemIndex, 'Max Characters', ctx.getNodeParameter('maxCharacters', itemIndex, 500)),
		splitPdfPage,
		splitPdfAllowFailed: splitPdfPage && (ctx.getNodeParameter('splitPdfAllowFailed', itemIndex, false) as boolean),
		splitPdfConcurrencyLevel: Math.min(
			MAX_SPLIT_CONCURRENCY,
			positiveInteger(ctx, itemIndex, 'Concurrency', ctx.getNodeParameter('splitPdfConcurrencyLevel', itemIndex, DEFAULT_SPLIT_CONCURRENCY)),
		),
		pageRange,
		startingPageNumber:
			options.startingPageNumber === undefined ? undefined : positiveInteger(ctx, itemIndex, 'Starting Page Number', options.startingPageNumber),
		additional: readAdditional(ctx, itemIndex, options.additionalParameters),
	};
}

export function readOutputMode(ctx: IExecuteFunctions, itemIndex: number): PartitionOutputMode {
	const mode = ctx.getNodeParameter('outputMode', itemIndex, 'elements');
	return mode === 'files' || mode === 'text' ? mode : 'elements';
}
