/**
 * One partition request for a whole file: as it is, or as the fallback for a PDF the splitter
 * could not split. The error labelling shared with the split ranges (api/partition.ts).
 */
import { NodeApiError, NodeOperationError, type IDataObject, type JsonObject } from 'n8n-workflow';
import type { OpenableFile } from '../helpers/openableFile';
import { callService, partitionAnswerLimit, type CallContext, type MultipartBody } from '../transport';
import { partitionFormFields, type PartitionParameters } from './partitionForm';
import { elementsSchema, type Element } from './schemas';

export const PARTITION_ENDPOINT = 'POST to the Partition URL';

/** A file to partition; `open` is called once per attempt (streams are not rewindable). */
export interface PartitionSource extends OpenableFile {
	size: number;
}

export interface FailedRange {
	firstPage: number;
	lastPage: number;
	error: string;
	httpCode?: string;
}

export interface PartitionOutcome {
	/** In page order: range by range, each range as the service ordered it. */
	elements: Element[];
	/** The PDF's page count, when the node read the file as a PDF. */
	pages?: number;
	/** Requests the file took (1 when it was sent whole or as one range). */
	requests: number;
	/** Ranges that failed while failures were allowed; never dropped silently. */
	failedRanges: FailedRange[];
	/**
	 * Why a PDF that was to be split (or cut to a Page Range) went to the service whole instead:
	 * pdf-lib could not read it or could not build one of its ranges. Absent otherwise.
	 */
	splitSkipped?: string;
}

/** A PDF the splitter gave up on, before or while building its ranges. */
export interface SplitSkipped {
	skipped: string;
	pages?: number;
	/** Range requests sent before it gave up (their answers are not used). */
	requests?: number;
}

export async function postPartition(
	call: CallContext,
	file: OpenableFile,
	fields: MultipartBody['fields'],
): Promise<Element[]> {
	return await callService(call, {
		method: 'POST',
		target: 'partition',
		endpoint: PARTITION_ENDPOINT,
		multipart: { fields, files: [{ field: 'files', ...file }] },
		// Partitioning creates nothing, so a range is safely resent after a 429/50x or a broken connection.
		idempotent: true,
		schema: elementsSchema,
		// Read up to a multiple of what was sent; past it the item fails, not retried (answerLimits.ts).
		answerLimit: partitionAnswerLimit(file.size),
	});
}

/**
 * The error with what it was about in front: the service's errors keep their status and advice;
 * anything else (e.g. a range's body failing while it streams) becomes an error that names the range too.
 */
export function labelled(call: CallContext, error: unknown, label: string, cutFromPdf = true): unknown {
	if (error instanceof NodeApiError) {
		const message = `${label}: ${error.message}`;
		const response: JsonObject = { message };
		if (error.httpCode) response.httpCode = error.httpCode;
		return new NodeApiError(call.node, response, {
			message,
			description: error.description ?? undefined,
			httpCode: error.httpCode ?? undefined,
			itemIndex: call.itemIndex,
		});
	}
	if (!cutFromPdf || error instanceof NodeOperationError || !(error instanceof Error) || error.name === 'AbortError') return error;
	return new NodeOperationError(call.node, `${label}: ${error.message}`, {
		itemIndex: call.itemIndex,
		description: 'Sending these pages failed. Set Options › PDF Splitting to Send Whole File and clear Page Range to send the file whole.',
	});
}

export function capitalised(text: string): string {
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Sends the file as it is, streaming it from its source. */
export async function sendWhole(call: CallContext, source: PartitionSource, params: PartitionParameters): Promise<PartitionOutcome> {
	try {
		const elements = await postPartition(call, source, partitionFormFields(params, { isRange: false }));
		return { elements, requests: 1, failedRanges: [] };
	} catch (error) {
		throw labelled(call, error, `File "${source.fileName}"`, false);
	}
}

/** Whether an element lies in the requested pages; one without a page number is kept, not lost. */
function inPageWindow(element: Element, window: { first: number; last?: number }, startingPageNumber = 1): boolean {
	const page = (element.metadata as IDataObject | null | undefined)?.page_number;
	if (typeof page !== 'number') return true;
	const number = page - (startingPageNumber - 1);
	return number >= window.first && (window.last === undefined || number <= window.last);
}

/**
 * The fallback for a PDF the splitter could not split: the file goes whole, streamed from its
 * source as an unsplit upload is, so no page is lost for a fault of the splitter's own. The
 * service has no parameter for a page window, so with a Page Range only the elements of those
 * pages are kept (by their page number).
 */
export async function sendUnsplit(call: CallContext, source: PartitionSource, params: PartitionParameters, skipped: SplitSkipped): Promise<PartitionOutcome> {
	const outcome = await sendWhole(call, source, params);
	const window = params.pageRange;
	const elements = window ? outcome.elements.filter((element) => inPageWindow(element, window, params.startingPageNumber)) : outcome.elements;
	const requests = outcome.requests + (skipped.requests ?? 0);
	return { ...outcome, elements, requests, splitSkipped: skipped.skipped, ...(skipped.pages !== undefined ? { pages: skipped.pages } : {}) };
}
