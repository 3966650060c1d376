import { NodeApiError, NodeOperationError, type JsonObject } from 'n8n-workflow';
import type { OpenableFile } from '../helpers/openableFile';
import { buildRangePdf, hasPdfHeader, loadPdf, pdfByName, readAll, readHead, wholeFileChunk, type LoadedPdf, type RangeBody } from '../helpers/pdfDocument';
import { RangeFailedError, runRanges, type RangeOutcome } from '../helpers/pdfRangeRunner';
import { clampConcurrency, describeRange, planPageRanges, resolvePageRange, type PageRange } from '../helpers/pdfSplit';
import { callService, type CallContext, type MultipartBody } from '../transport';
import { partitionFormFields, type PartitionParameters } from './partitionForm';
import { elementsSchema, type Element } from './schemas';
import { asNodeError } from '../helpers/nodeErrors';

export const PARTITION_ENDPOINT = 'POST {partition_url}';

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
}

async function postPartition(
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
	});
}

/**
 * The error with what it was about in front: the service's errors keep their status and advice;
 * anything else (e.g. pdf-lib failing to cut pages out) becomes an error that names the range too.
 */
function labelled(call: CallContext, error: unknown, label: string, cutFromPdf = true): unknown {
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
		description: 'The pages could not be cut out of the PDF. Turn off Split PDF by Pages and clear Page Range to send the file whole.',
	});
}

function capitalised(text: string): string {
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Sends the file as it is, streaming it from its source. */
async function sendWhole(call: CallContext, source: PartitionSource, params: PartitionParameters): Promise<PartitionOutcome> {
	try {
		const elements = await postPartition(call, source, partitionFormFields(params, { isRange: false }));
		return { elements, requests: 1, failedRanges: [] };
	} catch (error) {
		throw labelled(call, error, `File "${source.fileName}"`, false);
	}
}

/** Whether the node must look inside the file: to split it or to cut a page range out of it. */
function needsPdfWork(params: PartitionParameters): boolean {
	return params.splitPdfPage || params.pageRange !== undefined;
}

async function isPdfCandidate(source: PartitionSource): Promise<boolean> {
	const byName = pdfByName(source);
	if (byName !== 'maybe') return byName === 'yes';
	return hasPdfHeader(await readHead(await source.open()));
}

/** The ranges side by side, each built while the one before is in flight; elements merged in page order. */
async function sendRanges(
	call: CallContext,
	source: PartitionSource,
	params: PartitionParameters,
	doc: LoadedPdf,
	ranges: PageRange[],
): Promise<Omit<PartitionOutcome, 'pages'>> {
	const firstPageNumber = (params.startingPageNumber ?? 1) - 1;
	const sendRange = async (range: PageRange, signal: AbortSignal, body: RangeBody, sent: () => void): Promise<Element[]> => {
		const fields = partitionFormFields(params, { isRange: true, startingPageNumber: firstPageNumber + range.first });
		// Every attempt streams the range's pieces again; they are dropped once the answer is in.
		const open = async () => body.stream().once('end', sent);
		return await postPartition({ ...call, signal }, { ...source, size: body.size, open }, fields);
	};

	let outcomes: Array<RangeOutcome<Element[]>>;
	try {
		outcomes = await runRanges(ranges, sendRange, {
			concurrency: clampConcurrency(params.splitPdfConcurrencyLevel),
			allowFailed: params.splitPdfAllowFailed,
			signal: call.signal,
			prepare: async (range) => await buildRangePdf(doc, range),
		});
	} catch (error) {
		if (!(error instanceof RangeFailedError)) throw asNodeError(call.node, error, call.itemIndex);
		throw labelled(call, error.failure, `${capitalised(describeRange(error.range))} of "${source.fileName}" failed`);
	}

	const failedRanges: FailedRange[] = [];
	const elements: Element[] = [];
	for (const outcome of outcomes) {
		if (outcome.ok) {
			// A loop, not push(...): a range can hold more elements than a call may take arguments.
			for (const element of outcome.value) elements.push(element);
			continue;
		}
		const httpCode = (outcome.error as { httpCode?: unknown }).httpCode;
		failedRanges.push({
			firstPage: outcome.range.first,
			lastPage: outcome.range.last,
			error: outcome.error.message,
			...(typeof httpCode === 'string' && httpCode ? { httpCode } : {}),
		});
	}
	if (failedRanges.length === outcomes.length) {
		const first = outcomes[0];
		const reason = first && !first.ok ? first.error : new Error('unknown error');
		throw labelled(call, reason, `Every page range of "${source.fileName}" failed, e.g. ${describeRange(ranges[0] as PageRange)}`);
	}
	return { elements, requests: ranges.length, failedRanges };
}

/**
 * Partitions one file. PDFs are split into page ranges sent side by side (when splitting is on
 * and there are at least two pages to split), each range built only when a request slot is free
 * and dropped once its answer is in; the elements are merged in page order. Other files, and PDFs
 * pdf-lib cannot read, are sent whole so the service decides. `plan` is only replaced by the
 * benchmark, to compare range-size rules.
 */
export async function partitionDocument(
	call: CallContext,
	source: PartitionSource,
	params: PartitionParameters,
	plan: (span: PageRange, concurrency: number) => PageRange[] = planPageRanges,
): Promise<PartitionOutcome> {
	if (!needsPdfWork(params) || !(await isPdfCandidate(source))) return await sendWhole(call, source, params);
	// The file's bytes are not kept: pdf-lib copies what it needs, and a file that is sent whole
	// after all is read from its source again, so the split holds the document once, not twice.
	const doc = await loadPdf(await readAll(await source.open(wholeFileChunk(source.size)), source.size));
	if (!doc) return await sendWhole(call, source, params);

	const pages = doc.getPageCount();
	let span: PageRange;
	try {
		span = resolvePageRange(params.pageRange, pages);
	} catch (error) {
		throw new NodeOperationError(call.node, `Page Range does not fit file "${source.fileName}": ${(error as Error).message}`, {
			itemIndex: call.itemIndex,
			description: `Choose pages between 1 and ${pages}, or leave Page Range empty for all pages.`,
		});
	}
	const ranges = params.splitPdfPage ? plan(span, clampConcurrency(params.splitPdfConcurrencyLevel)) : [span];
	// The whole document in one request: the original bytes, not a re-written copy.
	if (ranges.length === 1 && span.first === 1 && span.last === pages) return { ...(await sendWhole(call, source, params)), pages };
	return { ...(await sendRanges(call, source, params, doc, ranges)), pages };
}
