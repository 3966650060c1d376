import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { callContextFor, type CallContext } from '../api/context';
import { createJob } from '../api/jobs';
import type { Job } from '../api/schemas';
import { type InputFile, MAX_FILES_PER_JOB, tooManyFiles } from '../helpers/binaries';
import { accountedFiles, accountedLaunch } from '../failedFiles/notLaunched';
import { type BatchMode, planJobs } from './batching';
import { errorItems, type ItemResult, runPerUnit, withItemIndex } from '../helpers/items';
import type { JobPipeline } from '../pipeline/pipeline';
import type { PipelineStep } from '../api/jobOutputs';
import { appendAll } from '../helpers/arrays';

/** A job this execution launched, with the files it carries in upload order. */
export interface LaunchedJob {
	job: Job;
	files: InputFile[];
	itemIndices: number[];
	/** The request's last pipeline step, which tells the final node's outputs apart (unset for workflow runs). */
	finalStep?: PipelineStep;
}

/** Input file ids in upload order, so outputs can be traced to the file (and item) they came from. */
export function inputFileIndex(launched: LaunchedJob): Array<{ file: InputFile; fileId?: string }> {
	return launched.files.map((file, index) => ({ file, fileId: launched.job.input_file_ids?.[index] }));
}

/** The launch record users see: the job plus which input file got which id. */
export function launchRecord(launched: LaunchedJob): Job & { input_files: object[]; input_file_map: Record<string, string> } {
	const inputFiles = inputFileIndex(launched).map(({ file, fileId }) => ({
		file_name: file.fileName,
		file_id: fileId ?? null,
		item_index: file.itemIndex,
		...(file.sourceUrl ? { source_url: file.sourceUrl } : { binary_property: file.property }),
		mime_type: file.mimeType,
		size: file.size,
	}));
	const map: Record<string, string> = {};
	for (const { file, fileId } of inputFileIndex(launched)) if (fileId) map[file.fileName] = fileId;
	return { ...launched.job, input_files: inputFiles, input_file_map: map };
}

function assertFitsOneJob(ctx: IExecuteFunctions, files: InputFile[], itemIndex: number): void {
	if (files.length > MAX_FILES_PER_JOB) throw tooManyFiles(ctx.getNode(), files.length, itemIndex);
}

async function launch(requests: JobRequests, call: CallContext, jobNodes: JobPipeline, files: InputFile[], itemIndices: number[]) {
	const job = await (requests.start ?? createJob)(call, jobNodes, files);
	// A template's nodes are the service's: the final node is then found from the output files alone.
	const last = Array.isArray(jobNodes) ? jobNodes[jobNodes.length - 1] : undefined;
	return { job, files, itemIndices, ...(last ? { finalStep: { type: last.type, subtype: last.subtype } } : {}) };
}

/** What the parameters ask for: how items become jobs, and each item's pipeline and files. */
export interface JobRequests {
	mode: BatchMode;
	pipeline(itemIndex: number): JobPipeline;
	/** An item's files; more than `maxFiles` are refused before any is read or downloaded. */
	files(itemIndex: number, maxFiles?: number): Promise<InputFile[]>;
	/** How a job is started; an on-demand job unless the caller runs it otherwise (pause mode's own workflow). */
	start?(call: CallContext, pipeline: JobPipeline, files: InputFile[]): Promise<Job>;
}

/**
 * Launches the jobs the items ask for (one per item, or combined) and hands each to `then`, all
 * side by side: the transport sends the launches one at a time, a second apart, while earlier jobs
 * already wait. Every file is checked against the limits before its job is sent.
 */
export async function forEachLaunchedJob(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	requests: JobRequests,
	then: (launched: LaunchedJob, call: CallContext) => Promise<ItemResult>,
	concurrency: number,
): Promise<INodeExecutionData[]> {
	if (requests.mode === 'perItem') {
		return await runPerUnit(
			ctx,
			items.map((_, index) => [index]),
			async (itemIndex) => {
				const jobNodes = requests.pipeline(itemIndex);
				const files = await requests.files(itemIndex, MAX_FILES_PER_JOB);
				assertFitsOneJob(ctx, files, itemIndex);
				const call = await callContextFor(ctx, itemIndex);
				return await then(await launch(requests, call, jobNodes, files, [itemIndex]), call);
			},
			concurrency,
		);
	}

	const jobNodes = requests.pipeline(0);
	const rejected: INodeExecutionData[] = [];
	const filesPerItem: InputFile[][] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			filesPerItem.push(await requests.files(itemIndex));
		} catch (error) {
			const wrapped = withItemIndex(ctx, error, itemIndex);
			if (!ctx.continueOnFail()) throw wrapped;
			appendAll(rejected, errorItems(wrapped, itemIndex));
			filesPerItem.push([]);
		}
	}
	const plan = planJobs(filesPerItem, 'combine');
	const launched = await runPerUnit(
		ctx,
		plan.map((job) => job.itemIndices),
		async (unitIndex, itemIndices) => {
			const call = await callContextFor(ctx, itemIndices[0]);
			return await then(await launch(requests, call, jobNodes, plan[unitIndex].files, itemIndices), call);
		},
		concurrency,
	);
	return [...rejected, ...launched];
}

/** The requests with both kinds of failure before a job exists accounted for (failedFiles/notLaunched.ts), whatever starts the jobs (on demand, or pause mode's workflow runs). */
export function accountedRequests(node: INode, requests: JobRequests): JobRequests {
	const start = requests.start ?? createJob;
	return {
		...requests,
		files: async (itemIndex, maxFiles) => await accountedFiles(node, itemIndex, async () => await requests.files(itemIndex, maxFiles)),
		start: async (call, pipeline, files) => await accountedLaunch(call, files, async () => await start(call, pipeline, files)),
	};
}
