import type { INode, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { downloadJobOutputs } from '../api/jobOutputs';
import type { CallContext } from '../api/context';
import { getFailedFiles } from '../api/jobFailures';
import { JOB_SUCCESS, type Job } from '../api/schemas';
import { fileFailureError, type FailureErrorContext, type FileFailure, type JobInput, processingRecord } from '../failedFiles/failedInJob';
import { failedFileItem, type FileFailureRouting } from '../failedFiles/failureItems';
import { failedJobReasons, jobFileRecords } from '../failedFiles/jobFiles';
import { accountedError, unprocessedFileItems } from '../failedFiles/notProcessed';
import type { FailureStage } from '../failedFiles/records';
import { inputFileIndex, type LaunchedJob } from './launch';
import { failedInputFiles } from './results';
import { type BinaryPreparer, type OutputSettings, outputFilesToItems } from '../outputs/outputFilesToItems';
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

/**
 * A finished job as items. `items`: its outputs, each paired to the item whose file it came from
 * (or, for an unsuccessful job the user chose to output, the job record). `failures`: one item per
 * input file that produced no output (a file that failed, or every file of a job that failed as a
 * whole or whose outputs could not be downloaded), paired to that file's item, with the fields of
 * failedFiles/records.ts; with routing `errorOutput` shaped so n8n moves it to the error output
 * with its fields. With routing `error` a NodeApiError names every such file and says how to get
 * the other files' outputs. execute() returns `[...items, ...failures]`.
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
	return failures.map((failure) => failedFileItem(processingRecord(failure), routing, pairedAll));
}

/**
 * A FAILED job's record with the files the service says failed (`failed_files`), so the error or
 * the output names them; a job that failed before processing any file (or a service without the
 * endpoint) has none, and the record is unchanged.
 */
async function jobWithFailedFiles(call: CallContext, job: Job): Promise<Job> {
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
	const jobFiles = inputFileIndex(launched);
	if (job.status !== JOB_SUCCESS) {
		const record = await jobWithFailedFiles(call, job);
		try {
			return { items: [{ json: jobOutcome(node, record, wait, launched.itemIndices[0]), pairedItem: pairedAll }], failures: [] };
		} catch (error) {
			const failed = accountedError(node, error, launched.itemIndices[0], (wrapped) =>
				jobFileRecords(jobFiles, job.id, 'processing', wrapped, [], failedJobReasons(record.failed_files)),
			);
			return { items: [], failures: unprocessedFileItems(failed, output.failures, pairedAll) };
		}
	}
	const finished = jobOutcome(node, job, wait, launched.itemIndices[0]);

	const names: Record<string, string> = {};
	const itemOfFile: Record<string, number> = {};
	const inputs: JobInput[] = jobFiles.map(({ file, fileId }) => {
		if (fileId) {
			names[fileId] = file.fileName;
			itemOfFile[fileId] = file.itemIndex;
		}
		return { fileId, fileName: file.fileName, itemIndex: file.itemIndex };
	});
	let stage: FailureStage = 'processing';
	let failed: FileFailure[] = [];
	try {
		failed = await failedInputFiles(call, finished, inputs, launched.finalStep);
		const failures = fileFailureItems(node, failed, output.failures, { goodFiles: inputs.length - failed.length }, pairedAll);
		stage = 'download';
		const files = await downloadJobOutputs(call, finished, { lastNodeOnly: output.lastNodeOnly, finalStep: launched.finalStep, fileNames: names });
		const items = await outputFilesToItems(ctx, files, output, (file) =>
			itemOfFile[file.file_id] !== undefined ? { item: itemOfFile[file.file_id] } : pairedAll,
		);
		return { items, failures };
	} catch (error) {
		// The files that failed inside the job keep their own reasons; the others share this failure's.
		const error_ = accountedError(node, error, launched.itemIndices[0], (wrapped) =>
			jobFileRecords(jobFiles, job.id, stage, wrapped, failed.map(processingRecord)),
		);
		return { items: [], failures: unprocessedFileItems(error_, output.failures, pairedAll) };
	}
}

/**
 * Waits for a job this execution launched (poll mode) and returns its outputs, each output file
 * paired to the item whose file it came from, followed by the failure items; an unsuccessful job
 * (when allowed) is returned as its record. A wait that fails (the time-out, the service) leaves
 * every file of the job unprocessed: each becomes a failure (or is named by the error).
 */
export async function waitAndDownload(
	ctx: FinishContext,
	call: CallContext,
	launched: LaunchedJob,
	wait: WaitSettings,
	output: OutputSettings,
): Promise<INodeExecutionData[]> {
	let job: Job;
	try {
		job = await waitForJob(call, launched.job.id, wait);
	} catch (error) {
		const failed = accountedError(ctx.getNode(), error, launched.itemIndices[0], (wrapped) =>
			jobFileRecords(inputFileIndex(launched), launched.job.id, 'processing', wrapped),
		);
		return unprocessedFileItems(failed, output.failures, launched.itemIndices.map((item) => ({ item })));
	}
	const { items, failures } = await itemsOfFinishedJob(ctx, call, launched, job, wait, output);
	return [...items, ...failures];
}
