import type { MultipartBody } from '../transport';

type FormFields = MultipartBody['fields'];

/** The one-shot partition parameters of the service interface, as the node collects them. */
export interface PartitionParameters {
	strategy: string;
	vlmModelProvider?: string;
	vlmModel?: string;
	hiResModelName?: string;
	languages: string[];
	coordinates: boolean;
	uniqueElementIds: boolean;
	/** Undefined: no chunking. */
	chunkingStrategy?: string;
	maxCharacters?: number;
	splitPdfPage: boolean;
	splitPdfAllowFailed: boolean;
	splitPdfConcurrencyLevel: number;
	/** PDFs only: the pages to partition (1-based; `last` undefined means to the end). */
	pageRange?: { first: number; last?: number };
	/** Number of the document's first page, when the file is itself a part of a longer document. */
	startingPageNumber?: number;
	/** Further form fields passed through as they are, in order; a name may repeat. */
	additional: Array<[string, string]>;
}

/** Form fields the node sets itself; the additional parameters may not repeat them. */
export const NODE_FIELDS = new Set([
	'files',
	'strategy',
	'vlm_model_provider',
	'vlm_model',
	'hi_res_model_name',
	'languages',
	'coordinates',
	'unique_element_ids',
	'chunking_strategy',
	'max_characters',
	'split_pdf_page',
	'split_pdf_allow_failed',
	'split_pdf_concurrency_level',
	'split_pdf_page_range',
]);

const bool = (value: boolean): string => (value ? 'true' : 'false');

/**
 * The form fields of one request. A page range cut out locally is sent with `split_pdf_page`
 * false (it must not be split again) and `starting_page_number` set to its first page's real
 * number, so the service numbers its pages as in the original document.
 */
export function partitionFormFields(
	params: PartitionParameters,
	piece: { isRange: boolean; startingPageNumber?: number },
): FormFields {
	const fields: FormFields = [['strategy', params.strategy]];
	if (params.strategy === 'vlm') {
		if (params.vlmModelProvider) fields.push(['vlm_model_provider', params.vlmModelProvider]);
		if (params.vlmModel) fields.push(['vlm_model', params.vlmModel]);
	}
	if (params.strategy === 'hi_res' && params.hiResModelName) fields.push(['hi_res_model_name', params.hiResModelName]);
	for (const language of params.languages) fields.push(['languages', language]);
	fields.push(['coordinates', bool(params.coordinates)], ['unique_element_ids', bool(params.uniqueElementIds)]);
	if (params.chunkingStrategy) {
		fields.push(['chunking_strategy', params.chunkingStrategy]);
		if (params.maxCharacters !== undefined) fields.push(['max_characters', params.maxCharacters]);
	}
	fields.push(
		['split_pdf_page', bool(params.splitPdfPage && !piece.isRange)],
		['split_pdf_allow_failed', bool(params.splitPdfAllowFailed)],
		['split_pdf_concurrency_level', params.splitPdfConcurrencyLevel],
	);
	const startingPage = piece.startingPageNumber ?? params.startingPageNumber;
	if (startingPage !== undefined) fields.push(['starting_page_number', startingPage]);
	for (const [name, value] of params.additional) fields.push([name, value]);
	return fields;
}
