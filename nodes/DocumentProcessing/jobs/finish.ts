import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { downloadJobOutputs } from '../api/jobOutputs';
import type { CallContext } from '../api/context';
import type { Job } from '../api/schemas';
import { inputFileIndex, type LaunchedJob } from './launch';
import { type BinaryPreparer, type OutputSettings, outputFilesToItems } from './outputs';
import { jobOutcome, type WaitSettings, waitForJob } from './wait';

/**
 * What turning a finished job into items needs from n8n: both IExecuteFunctions (poll mode) and
 * IWebhookFunctions (a paused execution resumed by the job's event) satisfy it.
 */
export interface FinishContext extends BinaryPreparer {
	getNode(): INode;
}

/**
 * A finished job's outputs, each output file paired to the item whose file it came from; an
 * unsuccessful job (when allowed) is returned as its record. Poll and pause mode both end here.
 */
export async function itemsOfFinishedJob(
	ctx: FinishContext,
	call: CallContext,
	launched: LaunchedJob,
	job: Job,
	wait: WaitSettings,
	output: OutputSettings,
): Promise<INodeExecutionData[]> {
	const itemIndex = launched.itemIndices[0];
	const finished = jobOutcome(ctx.getNode(), job, wait, itemIndex);
	const pairedAll = launched.itemIndices.map((item) => ({ item }));
	if (!finished.succeeded) return [{ json: finished, pairedItem: pairedAll }];

	const names: Record<string, string> = {};
	const itemOfFile: Record<string, number> = {};
	for (const { file, fileId } of inputFileIndex(launched)) {
		if (!fileId) continue;
		names[fileId] = file.fileName;
		itemOfFile[fileId] = file.itemIndex;
	}
	const files = await downloadJobOutputs(call, finished, { lastNodeOnly: output.lastNodeOnly, fileNames: names });
	return await outputFilesToItems(ctx, files, output, (file) =>
		itemOfFile[file.file_id] !== undefined ? { item: itemOfFile[file.file_id] } : pairedAll,
	);
}

/** Waits for a job this execution launched and returns its outputs (poll mode). */
export async function waitAndDownload(
	ctx: IExecuteFunctions,
	call: CallContext,
	launched: LaunchedJob,
	wait: WaitSettings,
	output: OutputSettings,
): Promise<INodeExecutionData[]> {
	return await itemsOfFinishedJob(ctx, call, launched, await waitForJob(call, launched.job.id, wait), wait, output);
}
