import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { NODE_FIELDS, type PartitionParameters } from '../../api/partitionForm';
import { DEFAULT_SPLIT_CONCURRENCY, MAX_SPLIT_CONCURRENCY, parsePageRange } from '../../pdf/pdfSplit';
import { asOperationError } from '../../helpers/inputProblem';
import { languageCodes, wholeNumberAtLeast } from '../../checks/validate';

/** Reads and checks Partition File's fields (partitionFields.ts) before anything is sent. */

export type PartitionOutputMode = 'elements' | 'files' | 'text';

interface PartitionOptionsValues {
	additionalParameters?: { parameter?: Array<{ name?: string; value?: string }> };
	coordinates?: boolean;
	languages?: string;
	pageRange?: string;
	startingPageNumber?: number;
	uniqueElementIds?: boolean;
	vlmModelProvider?: string;
	vlmModel?: string;
	hiResModelName?: string;
	chunkingStrategy?: string;
	maxCharacters?: unknown;
	pdfSplitting?: string;
	splitPdfConcurrencyLevel?: unknown;
	failedRanges?: string;
}

/** A shared check's InputProblem as the node's error for this item. */
function checked<T>(ctx: IExecuteFunctions, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex);
	}
}

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

function positiveInteger(ctx: IExecuteFunctions, itemIndex: number, field: string, raw: unknown): number {
	return checked(ctx, itemIndex, () => wholeNumberAtLeast(field, raw, 1, '1 or 5'));
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
	const chunking = options.chunkingStrategy ?? 'none';
	const splitPdfPage = options.pdfSplitting !== 'whole';
	const text = (value: unknown): string => String(value ?? '').trim();

	let pageRange: PartitionParameters['pageRange'];
	try {
		pageRange = parsePageRange(String(options.pageRange ?? ''));
	} catch (error) {
		fail(ctx, itemIndex, `Page Range: ${(error as Error).message}`, 'Enter pages like 5-20, 5- (to the end) or 7, or leave it empty.');
	}

	return {
		strategy,
		vlmModelProvider: strategy === 'vlm' ? text(options.vlmModelProvider) || undefined : undefined,
		vlmModel: strategy === 'vlm' ? text(options.vlmModel) || undefined : undefined,
		hiResModelName: strategy === 'hi_res' ? text(options.hiResModelName) || undefined : undefined,
		languages: checked(ctx, itemIndex, () => languageCodes(options.languages)),
		coordinates: options.coordinates === true,
		uniqueElementIds: options.uniqueElementIds === true,
		chunkingStrategy: chunking === 'none' || chunking === '' ? undefined : chunking,
		maxCharacters: chunking === 'none' ? undefined : positiveInteger(ctx, itemIndex, 'Max Characters', options.maxCharacters ?? 500),
		splitPdfPage,
		splitPdfAllowFailed: splitPdfPage && options.failedRanges === 'keep',
		splitPdfConcurrencyLevel: Math.min(MAX_SPLIT_CONCURRENCY, positiveInteger(ctx, itemIndex, 'Page Ranges at Once', options.splitPdfConcurrencyLevel ?? DEFAULT_SPLIT_CONCURRENCY)),
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
