import { NodeOperationError } from 'n8n-workflow';
import { openPdf, type OpenedPdf } from '../pdf/isolatedPdf';
import { hasPdfHeader, pdfByName, readAll, readHead, wholeFileChunk } from '../pdf/pdfFile';
import { RangeFailedError, runRanges, type RangeOutcome } from '../pdf/pdfRangeRunner';
import { clampConcurrency, describeRange, planPageRanges, resolvePageRange, type PageRange } from '../pdf/pdfSplit';
import type { CallContext } from '../transport';
import { partitionFormFields, type PartitionParameters } from './partitionForm';
import {
	capitalised,
	labelled,
	postPartition,
	sendUnsplit,
	sendWhole,
	type FailedRange,
	type PartitionOutcome,
	type PartitionSource,
	type SplitSkipped,
} from './partitionRequest';
import type { Element } from './schemas';

import { asNodeError } from '../helpers/nodeErrors';

export type { FailedRange, PartitionOutcome, PartitionSource };

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
	pdf: OpenedPdf,
	ranges: PageRange[],
): Promise<Omit<PartitionOutcome, 'pages'> | SplitSkipped> {
	const firstPageNumber = (params.startingPageNumber ?? 1) - 1;
	let started = 0;
	const sendRange = async (range: PageRange, signal: AbortSignal, body: Buffer, sent: () => void): Promise<Element[]> => {
		started += 1;
		// The next range is cut in the PDF worker while this one uploads: no work on n8n's thread.
		sent();
		const fields = partitionFormFields(params, { isRange: true, startingPageNumber: firstPageNumber + range.first });
		// Every attempt sends the range's bytes again; they are dropped once the answer is in.
		return await postPartition({ ...call, signal }, { ...source, size: body.length, open: async () => body }, fields);
	};

	let outcomes: Array<RangeOutcome<Element[]>>;
	try {
		outcomes = await runRanges(ranges, sendRange, {
			concurrency: clampConcurrency(params.splitPdfConcurrencyLevel),
			allowFailed: params.splitPdfAllowFailed,
			signal: call.signal,
			prepare: async (range) => await pdf.cut(range),
		});
	} catch (error) {
		if (!(error instanceof RangeFailedError)) throw asNodeError(call.node, error, call.itemIndex);
		if (error.stage === 'prepare') {
			// Nothing of the split is kept: the caller sends the file whole.
			return { skipped: `${describeRange(error.range)} could not be cut out of it (${error.failure.message})`, requests: started };
		}
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

/** Splits a PDF the node must look into, or says why it could not. */
async function splitPdf(
	call: CallContext,
	source: PartitionSource,
	params: PartitionParameters,
	plan: (span: PageRange, concurrency: number) => PageRange[],
): Promise<PartitionOutcome | SplitSkipped> {
	// The file's bytes go to a PDF worker (isolatedPdf.ts): n8n's thread never parses them. A file
	// that is sent whole after all is read from its source again.
	const opening = await openPdf(await readAll(await source.open(wholeFileChunk(source.size)), source.size), true);
	if ('unreadable' in opening) return { skipped: opening.unreadable };
	const { pdf } = opening;
	try {
		return await splitOpenPdf(call, source, params, plan, pdf);
	} finally {
		pdf.close();
	}
}

async function splitOpenPdf(
	call: CallContext,
	source: PartitionSource,
	params: PartitionParameters,
	plan: (span: PageRange, concurrency: number) => PageRange[],
	pdf: OpenedPdf,
): Promise<PartitionOutcome | SplitSkipped> {
	const { pages } = pdf;
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
	// The whole document in one request: the original bytes, not a re-written copy; the worker
	// lets the document go first (closing twice is harmless).
	if (ranges.length === 1 && span.first === 1 && span.last === pages) {
		pdf.close();
		return { ...(await sendWhole(call, source, params)), pages };
	}
	return { ...(await sendRanges(call, source, params, pdf, ranges)), pages };
}

/**
 * Partitions one file. PDFs are split into page ranges sent side by side (when splitting is on
 * and there are at least two pages to split), each range built only when a request slot is free
 * and dropped once its answer is in; the elements are merged in page order. Other files are sent
 * whole so the service decides; so are PDFs pdf-lib cannot read or cut ranges out of, and the
 * outcome says why (`splitSkipped`). `plan` is only replaced by the benchmark and the tests.
 */
export async function partitionDocument(
	call: CallContext,
	source: PartitionSource,
	params: PartitionParameters,
	plan: (span: PageRange, concurrency: number) => PageRange[] = planPageRanges,
): Promise<PartitionOutcome> {
	if (!needsPdfWork(params) || !(await isPdfCandidate(source))) return await sendWhole(call, source, params);
	const split = await splitPdf(call, source, params, plan);
	// The document was closed in its worker before the file is sent whole.
	return 'skipped' in split ? await sendUnsplit(call, source, params, split) : split;
}
