import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { partitionDocument, type FailedRange, type PartitionOutcome } from '../../api/partition';
import type { InputFile } from '../../helpers/binaries';
import { readTextOptions } from '../../descriptions/textOutput';
import { contentToText, type TextOptions } from '../../outputs/elementText';
import { runPerItem } from '../../helpers/items';
import { fileInputProperties, itemInputFiles } from '../common/fileInput';
import { partitionProperties } from './partitionFields';
import { readOutputMode, readPartitionParameters, type PartitionOutputMode } from './partitionParameters';

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: ['partition'] } }, [
	...fileInputProperties,
	...partitionProperties,
]);

/**
 * Files of different items are partitioned side by side, each PDF with its own range
 * concurrency; kept low because every PDF being split holds its whole file in memory.
 */
const FILES_IN_FLIGHT = 3;

/** The service's endpoint has no size limit in the interface, and split PDFs go out in small ranges. */
const NO_LOCAL_SIZE_LIMIT = Number.MAX_SAFE_INTEGER;

function failedRangesJson(failed: FailedRange[]): IDataObject[] {
	return failed.map((range) => ({
		first_page: range.firstPage,
		last_page: range.lastPage,
		error: range.error,
		...(range.httpCode ? { http_code: range.httpCode } : {}),
	}));
}

function toItems(file: InputFile, outcome: PartitionOutcome, mode: PartitionOutputMode, allowFailed: boolean, text?: TextOptions): IDataObject[] {
	const failed = failedRangesJson(outcome.failedRanges);
	// Said on the item, not raised: the file was partitioned all the same, only not split.
	const skipped = outcome.splitSkipped !== undefined ? { split_skipped: outcome.splitSkipped } : {};
	if (mode === 'elements') {
		// Elements stay as the service sent them; a partial or unsplit result says so on every element.
		if (failed.length === 0 && outcome.splitSkipped === undefined) return outcome.elements;
		return outcome.elements.map((element) => ({ ...element, ...(failed.length > 0 ? { failed_ranges: failed } : {}), ...skipped }));
	}
	return [
		{
			file_name: file.fileName,
			...(file.sourceUrl ? { source_url: file.sourceUrl } : { binary_property: file.property }),
			...(outcome.pages !== undefined ? { page_count: outcome.pages } : {}),
			requests: outcome.requests,
			element_count: outcome.elements.length,
			...(mode === 'text' && text ? contentToText({ elements: outcome.elements }, text) : { elements: outcome.elements }),
			...(allowFailed || failed.length > 0 ? { failed_ranges: failed } : {}),
			...skipped,
		},
	];
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		items,
		async (itemIndex) => {
			const params = readPartitionParameters(this, itemIndex);
			const mode = readOutputMode(this, itemIndex);
			const text = mode === 'text' ? readTextOptions(this, itemIndex) : undefined;
			const files = await itemInputFiles(this, itemIndex, { maxBytes: NO_LOCAL_SIZE_LIMIT });
			const call = await callContextFor(this, itemIndex);
			const records: IDataObject[] = [];
			for (const file of files) {
				const outcome = await partitionDocument(call, file, params);
				if (outcome.failedRanges.length > 0) {
					const pages = outcome.failedRanges.map((range) => `${range.firstPage}–${range.lastPage}`).join(', ');
					this.addExecutionHints({
						message: `Item ${itemIndex}, file "${file.fileName}": pages ${pages} failed and are missing from the output (see "failed_ranges").`,
						location: 'outputPane',
					});
				}
				if (outcome.splitSkipped !== undefined) {
					this.addExecutionHints({
						message: `Item ${itemIndex}, file "${file.fileName}" was sent whole, not split: ${outcome.splitSkipped} (see "split_skipped").`,
						location: 'outputPane',
					});
				}
				for (const record of toItems(file, outcome, mode, params.splitPdfAllowFailed, text)) records.push(record);
			}
			return records;
		},
		FILES_IN_FLIGHT,
	);
}
