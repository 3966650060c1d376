// helpers/ owns n8n item plumbing only: running an operation per item with pairedItem and
// continueOnFail (this file), an item's binaries and the one file type (binaries.ts,
// openableFile.ts), the input-problem and node errors (inputProblem.ts, nodeErrors.ts) and JSON
// values. It may import failedFiles/ (a failure becomes one item per file it left unprocessed),
// async/ and n8n-workflow only; every other folder may use it.

import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { mapLimited } from '../async/concurrency';
import { asOperationError, InputProblem } from './inputProblem';
import { failedFileItem, fileFailureRouting, type FileFailureRouting } from '../failedFiles/failureItems';
import { nameNotProcessed } from '../failedFiles/notProcessed';
import { type FailedFileRecord, failedFilesOf } from '../failedFiles/records';
import { appendAll } from './arrays';

/** Items are independent requests, so they run side by side; the output keeps input order. */
export const ITEM_CONCURRENCY = 8;

/** What an item's work returns: plain records (become `json`) or ready execution data. */
export type ItemResult = object | object[];

// `error` marks an item for n8n's error output (On Error › Continue (using error output)).
const EXECUTION_DATA_KEYS = new Set(['json', 'binary', 'pairedItem', 'error']);

function isExecutionData(entry: object): entry is INodeExecutionData {
	const json = (entry as { json?: unknown }).json;
	return typeof json === 'object' && json !== null && Object.keys(entry).every((key) => EXECUTION_DATA_KEYS.has(key));
}

function toExecutionData(result: ItemResult, itemIndices: number[]): INodeExecutionData[] {
	const list: object[] = Array.isArray(result) ? result : [result];
	const paired = itemIndices.length === 1 ? { item: itemIndices[0] } : itemIndices.map((item) => ({ item }));
	return list.map((entry) => {
		// Service records are JSON by construction (parsed from a response), so they are IDataObjects.
		const data: INodeExecutionData = isExecutionData(entry) ? entry : { json: entry as IDataObject };
		return { ...data, pairedItem: data.pairedItem ?? paired };
	});
}

/** Errors a user can act on always name the item; anything unexpected is wrapped so it does too. */
export function withItemIndex(ctx: Pick<IExecuteFunctions, 'getNode'>, error: unknown, itemIndex: number): Error {
	// A problem with the input that no operation framed itself still reaches the user with its hint.
	if (error instanceof InputProblem) return asOperationError(ctx.getNode(), error, itemIndex) as Error;
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error instanceof Error ? error : String(error), { itemIndex });
}

function routingOf(error: Error): FileFailureRouting {
	const node = (error as { node?: Pick<INode, 'onError' | 'continueOnFail'> }).node;
	return node ? fileFailureRouting(node) : 'items';
}

/**
 * A failure that names no file (a Get Job that failed, say) as one item paired to its items. On the
 * error output it is `{error}` alone, message and advice in one sentence: n8n moves an item there
 * only if its json holds nothing else (see failedFiles/failureItems.ts).
 */
export function errorItem(error: Error, itemIndex: number | number[]): INodeExecutionData {
	const indices = Array.isArray(itemIndex) ? itemIndex : [itemIndex];
	const pairedItem = indices.length === 1 ? { item: indices[0] } : indices.map((item) => ({ item }));
	const description = (error as { description?: unknown }).description;
	const advice = typeof description === 'string' && description ? description : undefined;
	if (routingOf(error) === 'errorOutput') return { json: { error: advice ? `${error.message.replace(/[.!?]$/, '')}. ${advice}` : error.message }, pairedItem };
	const json: IDataObject = { error: error.message };
	if (advice) json.errorDescription = advice;
	const httpCode = (error as { httpCode?: unknown }).httpCode;
	if (typeof httpCode === 'string' && httpCode) json.httpCode = httpCode;
	return { json, pairedItem };
}

/** A failure as items: one per file it leaves unprocessed (failedFiles/), or one for the unit when it names none. */
export function errorItems(error: Error, itemIndex: number | number[]): INodeExecutionData[] {
	const records = failedFilesOf(error);
	if (!records || records.length === 0) return [errorItem(error, itemIndex)];
	const pairedAll = (Array.isArray(itemIndex) ? itemIndex : [itemIndex]).map((item) => ({ item }));
	return records.map((record) => failedFileItem(record, routingOf(error), pairedAll));
}

/**
 * Runs `work` for every unit (a group of input items handled by one request, e.g. one job) with
 * bounded concurrency. With "continue on fail" a failed unit becomes failure items paired to its
 * items (one per file it left unprocessed, when the error names them) and the other units keep
 * their outputs; without, the first error is thrown, naming every unprocessed file of the failed units.
 */
export async function runPerUnit(
	ctx: IExecuteFunctions,
	units: number[][],
	work: (unitIndex: number, itemIndices: number[]) => Promise<ItemResult>,
	concurrency = ITEM_CONCURRENCY,
): Promise<INodeExecutionData[]> {
	const continueOnFail = ctx.continueOnFail();
	let firstError: Error | undefined;
	const notProcessed: FailedFileRecord[] = [];
	const perUnit = await mapLimited(units.length, concurrency, async (unitIndex) => {
		if (firstError) return [];
		const itemIndices = units[unitIndex];
		try {
			return toExecutionData(await work(unitIndex, itemIndices), itemIndices);
		} catch (error) {
			const wrapped = withItemIndex(ctx, error, itemIndices[0]);
			if (continueOnFail) return errorItems(wrapped, itemIndices);
			firstError ??= wrapped;
			appendAll(notProcessed, failedFilesOf(wrapped) ?? []);
			return [];
		}
	});
	// Units already under way when one failed still end: the error names every file left unprocessed.
	if (firstError) throw nameNotProcessed(firstError, notProcessed);
	return perUnit.flat();
}

/** `runPerUnit` with one unit per input item. */
export async function runPerItem(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	work: (itemIndex: number) => Promise<ItemResult>,
	concurrency = ITEM_CONCURRENCY,
): Promise<INodeExecutionData[]> {
	return await runPerUnit(ctx, items.map((_, index) => [index]), async (unitIndex) => await work(unitIndex), concurrency);
}
