// helpers/ owns n8n item plumbing only: running an operation per item with pairedItem and
// continueOnFail (this file), an item's binaries and the one file type (binaries.ts,
// openableFile.ts), the input-problem and node errors (inputProblem.ts, nodeErrors.ts), local
// parameter checks (validate.ts, opaqueId.ts), resource locators and JSON values. It may import
// scheduling/ and n8n-workflow only; every other folder may use it.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { mapLimited } from '../scheduling/concurrency';
import { asOperationError, InputProblem } from './inputProblem';

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

export function errorItem(error: Error, itemIndex: number | number[]): INodeExecutionData {
	const indices = Array.isArray(itemIndex) ? itemIndex : [itemIndex];
	const json: IDataObject = { error: error.message };
	const description = (error as { description?: unknown }).description;
	if (typeof description === 'string' && description) json.errorDescription = description;
	const httpCode = (error as { httpCode?: unknown }).httpCode;
	if (typeof httpCode === 'string' && httpCode) json.httpCode = httpCode;
	return { json, pairedItem: indices.length === 1 ? { item: indices[0] } : indices.map((item) => ({ item })) };
}

/**
 * Runs `work` for every unit (a group of input items handled by one request, e.g. one job) with
 * bounded concurrency. With "continue on fail" a failed unit becomes an `{error}` item paired to its
 * items and the other units keep their outputs.
 */
export async function runPerUnit(
	ctx: IExecuteFunctions,
	units: number[][],
	work: (unitIndex: number, itemIndices: number[]) => Promise<ItemResult>,
	concurrency = ITEM_CONCURRENCY,
): Promise<INodeExecutionData[]> {
	const continueOnFail = ctx.continueOnFail();
	let firstError: Error | undefined;
	const perUnit = await mapLimited(units.length, concurrency, async (unitIndex) => {
		if (firstError) return [];
		const itemIndices = units[unitIndex];
		try {
			return toExecutionData(await work(unitIndex, itemIndices), itemIndices);
		} catch (error) {
			const wrapped = withItemIndex(ctx, error, itemIndices[0]);
			if (continueOnFail) return [errorItem(wrapped, itemIndices)];
			firstError ??= wrapped;
			return [];
		}
	});
	if (firstError) throw firstError;
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
