import type { INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { downloadJobOutputs } from '../api/jobOutputs';
import type { CallContext } from '../api/context';
import { getFailedFiles } from '../api/jobFailures';
import { JOB_SUCCESS, type Job } from '../api/schemas';
import { failedInputFiles, failureJson, fileFailureError, type FailureErrorContext, type FileFailure, type JobInput } from './fileFailures';
import { inputFileIndex, type LaunchedJob } from './launch';
import { type BinaryPreparer, type OutputSettings, outputFilesToItems } from './outputs';
import { jobOutcome, type WaitSettings, waitForJob } from './wait';

/**
 * What finishing a job needs from n8n: the node and binary data. Both IExecuteFunctions and
 * IWebhookFunctions (a job's outputs delivered when a paused execution resumes) satisfy it. How
 * failed files are routed comes in as data (`OutputSettings.failures`, from
 * `fileFailureRouting(ctx.getNode())`), since only execute() can ask continueOnFail().
 */
export interface FinishContext extends BinaryPreparer {
	getNode(): INode;
}

/** How a file that failed inside a finished job comes out; `fileFailureRouting` reads it from the node's settings. */
export type FileFailureRouting = 'error' | 'items' | 'errorOutput';

/** n8n's "On Error" setting (or the older "Continue On Fail") as a routing for failed files. */
export function fileFailureRouting(node: Pick<INode, 'onError' | 'continueOnFail'>): FileFailureRouting {
	if (node.onError === 'continueErrorOutput') return 'errorOutput';
	if (node.onError === 'continueRegularOutput') return 'items';
	return node.onError === undefined && node.continueOnFail === true ? 'items' : 'error';
}

/**
 * A finished job as items. `items`: its outputs, each paired to the item whose file it came from
 * (or, for an unsuccessful job the user chose to output, the job record). `failures`: one item per
 * input file that produced no output — `{job_id, file_id, file_name, error, processing_status}`
 * paired to that file's item; with routing `errorOutput` each carries an `error` (a NodeApiError),
 * which moves it to n8n's error output. With routing `error` a failed file throws a NodeApiError
 * naming every failed file and saying how to get the other files' outputs. execute() returns
 * `[...items, ...failures]`.
 */
export interface FinishedJobItems {
	items: INodeExecutionData[];
	failures: INodeExecutionData[];
}

/** Failure items of the chosen routing; throws for routing `error`. */
export function fileFailureItems(
	node: INode,
	failures: FileFailure[],
	routing: FileFailureRouting,
	context: Pick<FailureErrorContext, 'goodFiles' | 'downloading'>,
	pairedAll: IPairedItemData[],
): INodeExecutionData[] {
	if (failures.length === 0) return [];
	if (routing === 'error') throw fileFailureError(node, failures, { ...context, itemIndex: failures[0].itemIndex ?? pairedAll[0]?.item });
	return failures.map((failure) => {
		const item: INodeExecutionData = {
			json: failureJson(failure),
			pairedItem: failure.itemIndex !== undefined ? { item: failure.itemIndex } : pairedAll,
		};
		if (routing === 'errorOutput') item.error = fileFailureError(node, [failure], { goodFiles: 0, itemIndex: failure.itemIndex });
		return item;
	});
}

/**
 * A FAILED job's record with the files the service says failed (`failed_files`), so the error or
 * the output names them; a job that failed before processing any file (or a service without the
 * endpoint) has none, and the record is unchanged.
 */
async function withFailedFiles(call: CallContext, job: Job): Promise<Job> {
	if (job.status !== 'FAILED') return job;
	const failed = await getFailedFiles(call, job.id).catch(() => []);
	return failed.length > 0 ? { ...job, failed_files: failed } : job;
}

/** Turns a job that has ended into items: outputs, failure items, or the job record. */
export async function itemsOfFinishedJob(
	ctx: FinishContext,
	call: CallContext,
	launched: LaunchedJob,
	job: Job,
	wait: WaitSettings,
	output: OutputSettings,
): Promise<FinishedJobItems> {
	const node = ctx.getNode();
	const pairedAll = launched.itemIndices.map((item) => ({ item }));
	if (job.status !== JOB_SUCCESS) {
		const record = await withFailedFiles(call, job);
		return { items: [{ json: jobOutcome(node, record, wait, launched.itemIndices[0]), pairedItem: pairedAll }], failures: [] };
	}
	const finished = jobOutcome(node, job, wait, launched.itemIndices[0]);

	const names: Record<string, string> = {};
	const itemOfFile: Record<string, number> = {};
	const inputs: JobInput[] = inputFileIndex(launched).map(({ file, fileId }) => {
		if (fileId) {
			names[fileId] = file.fileName;
			itemOfFile[fileId] = file.itemIndex;
		}
		return { fileId, fileName: file.fileName, itemIndex: file.itemIndex };
	});
	const failed = await failedInputFiles(call, finished, inputs, launched.finalStep);
	const failures = fileFailureItems(node, failed, output.failures, { goodFiles: inputs.length - failed.length }, pairedAll);
	const files = await downloadJobOutputs(call, finished, { lastNodeOnly: output.lastNodeOnly, finalStep: launched.finalStep, fileNames: names });
	const items = await outputFilesToItems(ctx, files, output, (file) =>
		itemOfFile[file.file_id] !== undefined ? { item: itemOfFile[file.file_id] } : pairedAll,
	);
	return { items, failures };
}

/**
 * Waits for a job this execution launched (poll mode) and returns its outputs, each output file
 * paired to the item whose file it came from, followed by the failure items; an unsuccessful job
 * (when allowed) is returned as its record.
 */
export async function waitAndDownload(
	ctx: FinishContext,
	call: CallContext,
	launched: LaunchedJob,
	wait: WaitSettings,
	output: OutputSettings,
): Promise<INodeExecutionData[]> {
	const job = await waitForJob(call, launched.job.id, wait);
	const { items, failures } = await itemsOfFinishedJob(ctx, call, launched, job, wait, output);
	return [...items, ...failures];
}
