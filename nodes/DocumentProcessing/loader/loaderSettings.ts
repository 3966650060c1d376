import type { IDataObject, ISupplyDataFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { PartitionParameters } from '../api/partitionForm';
import { parsePropertyNames } from '../helpers/binaries';
import { asOperationError } from '../helpers/inputProblem';
import { languageCodes, wholeNumberAtLeast } from '../checks/validate';
import { DEFAULT_SPLIT_CONCURRENCY } from '../pdf/pdfSplit';
import type { DocumentOptions } from './chunkDocuments';
import { isPrototypeKey } from './flatMetadata';

/** Reads and checks the loader's fields for one item, before anything of the item is sent. */

export type LoaderInput = { kind: 'binary'; names: string[] } | { kind: 'allBinary' } | { kind: 'elements' };

export interface LoaderSettings {
	input: LoaderInput;
	/** Absent for element input: nothing is sent. */
	partition?: PartitionParameters;
	documents: DocumentOptions;
}

interface LoaderOptions {
	combineUnderNChars?: number;
	coordinates?: boolean;
	languages?: string;
	leaveOutKeys?: string;
	metadata?: { values?: Array<{ key?: string; value?: unknown }> };
	multipageSections?: boolean;
	newAfterNChars?: number;
	overlap?: number;
	overlapAll?: boolean;
	pdfSplitting?: string;
	similarityThreshold?: number;
	tablesAsHtml?: boolean;
}

const CHUNKING = new Set(['by_title', 'by_page', 'by_similarity', 'basic']);

function fail(ctx: ISupplyDataFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${message}`, { itemIndex, description });
}

/** A shared check's InputProblem as the loader's error for this item, named as its own are. */
function checked<T>(ctx: ISupplyDataFunctions, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex, { prefix: `Item ${itemIndex}: ` });
	}
}

function wholeNumber(ctx: ISupplyDataFunctions, itemIndex: number, field: string, raw: unknown, min: number): number {
	return checked(ctx, itemIndex, () => wholeNumberAtLeast(field, raw, min, '500'));
}

function readInput(ctx: ISupplyDataFunctions, itemIndex: number): LoaderInput {
	const source = ctx.getNodeParameter('inputSource', itemIndex, 'allBinary') as string;
	if (source === 'elements') return { kind: 'elements' };
	if (source !== 'binary') return { kind: 'allBinary' };
	const names = parsePropertyNames(String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? ''));
	if (names.length === 0) fail(ctx, itemIndex, 'the Input Binary Field is empty', 'Enter the names of the binary fields that hold the files, e.g. data.');
	return { kind: 'binary', names };
}

function readMetadata(ctx: ISupplyDataFunctions, itemIndex: number, options: LoaderOptions): Array<[string, unknown]> {
	const pairs: Array<[string, unknown]> = [];
	for (const entry of options.metadata?.values ?? []) {
		const key = String(entry.key ?? '').trim();
		if (key === '') fail(ctx, itemIndex, 'a Metadata entry has no key', 'Give every metadata entry a key, or remove it.');
		if (isPrototypeKey(key)) fail(ctx, itemIndex, `"${key}" cannot be a metadata key`, 'Choose another key: this name is reserved by JavaScript objects.');
		pairs.push([key, entry.value]);
	}
	return pairs;
}

/** The chunking form fields beyond strategy and max_characters, sent only when set (the service's defaults otherwise). */
function chunkingFields(ctx: ISupplyDataFunctions, itemIndex: number, strategy: string, options: LoaderOptions): Array<[string, string]> {
	const fields: Array<[string, string]> = [['include_orig_elements', 'true']];
	if (options.newAfterNChars !== undefined) fields.push(['new_after_n_chars', String(wholeNumber(ctx, itemIndex, 'New Chunk After', options.newAfterNChars, 1))]);
	if (options.overlap !== undefined) fields.push(['overlap', String(wholeNumber(ctx, itemIndex, 'Overlap', options.overlap, 0))]);
	if (options.overlapAll !== undefined) fields.push(['overlap_all', String(options.overlapAll === true)]);
	if (strategy === 'by_title' && options.combineUnderNChars !== undefined) {
		fields.push(['combine_under_n_chars', String(wholeNumber(ctx, itemIndex, 'Combine Sections Under', options.combineUnderNChars, 0))]);
	}
	if (strategy === 'by_title' && options.multipageSections !== undefined) fields.push(['multipage_sections', String(options.multipageSections === true)]);
	if (strategy === 'by_similarity' && options.similarityThreshold !== undefined) {
		const threshold = Number(options.similarityThreshold);
		if (!(threshold >= 0 && threshold <= 1)) fail(ctx, itemIndex, `Similarity Threshold must be between 0 and 1, not "${String(options.similarityThreshold)}"`, 'Enter a number such as 0.5.');
		fields.push(['similarity_threshold', String(threshold)]);
	}
	return fields;
}

export function readLoaderSettings(ctx: ISupplyDataFunctions, itemIndex: number): LoaderSettings {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject & LoaderOptions;
	const input = readInput(ctx, itemIndex);
	const strategy = String(ctx.getNodeParameter('chunkingStrategy', itemIndex, 'by_title'));
	if (!CHUNKING.has(strategy)) fail(ctx, itemIndex, `"${strategy}" is not a chunking strategy`, 'Choose By Title, By Page, By Similarity or Basic.');
	const documents: DocumentOptions = {
		tablesAsHtml: options.tablesAsHtml === true,
		coordinates: options.coordinates === true,
		extra: readMetadata(ctx, itemIndex, options),
		leaveOut: new Set(parsePropertyNames(String(options.leaveOutKeys ?? ''))),
	};
	if (input.kind === 'elements') return { input, documents };
	const partition: PartitionParameters = {
		strategy: String(ctx.getNodeParameter('partitionStrategy', itemIndex, 'vlm')),
		languages: checked(ctx, itemIndex, () => languageCodes(options.languages)),
		coordinates: documents.coordinates,
		uniqueElementIds: false,
		chunkingStrategy: strategy,
		maxCharacters: wholeNumber(ctx, itemIndex, 'Max Characters', ctx.getNodeParameter('maxCharacters', itemIndex, 500), 1),
		splitPdfPage: (options.pdfSplitting ?? 'split') === 'split',
		// A loader inserts a file whole or not at all: a failed page range fails the item.
		splitPdfAllowFailed: false,
		splitPdfConcurrencyLevel: DEFAULT_SPLIT_CONCURRENCY,
		additional: chunkingFields(ctx, itemIndex, strategy, options),
	};
	return { input, documents, partition };
}
