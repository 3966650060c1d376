import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { allowPrivateUrlsOption, fileInputProperties } from '../common/fileInput';
import { waitAndDownload } from '../../jobs/finish';
import { accountedRequests, forEachLaunchedJob } from '../../jobs/launch';
import { batchModeProperty, readJobRequests } from './shared/launchFields';
import { outputOptions } from '../../descriptions/outputFields';
import { pipelineOptions, pipelineProperties } from '../../descriptions/pipelineFields';
import { operationOptions } from '../../descriptions/operationOptions';
import { pauseUntilJobsEnd, type PendingJob } from '../../jobs/pause/park';
import { inItemOrder } from '../../jobs/pause/order';
import { PauseWorkflow } from '../../jobs/pause/pauseWorkflow';
import { assertPauseSupported } from '../../jobs/pause/stackEntry';
import { waitOptions } from '../../descriptions/waitFields';
import { readOutputSettings, readWaitMode, readWaitSettings } from '../common/jobSettings';
import { pauseRunOptions } from '../../descriptions/pauseRunFields';
import { readRunPacing } from './shared/pauseRunSettings';
import { largest } from '../../helpers/arrays';
import { asNodeError } from '../../helpers/nodeErrors';

// Input, partitioning and steps at the top, everything else in Options.
const properties: INodeProperties[] = [
	...fileInputProperties,
	...pipelineProperties,
	operationOptions([batchModeProperty, allowPrivateUrlsOption, ...pipelineOptions, ...outputOptions, ...waitOptions, ...pauseRunOptions]),
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['process'] } }, properties);

/** Jobs mostly wait, so all of an execution's jobs are in flight at once; the pacer spaces their launches. */
const JOBS_IN_FLIGHT = 100;

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (readWaitMode(this) === 'pause') return await pause(this, items);
	return await forEachLaunchedJob(
		this,
		items,
		accountedRequests(this.getNode(), readJobRequests(this)),
		async (launched, call) => {
			const itemIndex = launched.itemIndices[0];
			return await waitAndDownload(this, call, launched, readWaitSettings(this, itemIndex), readOutputSettings(this, itemIndex, 'options.'));
		},
		JOBS_IN_FLIGHT,
	);
}

/**
 * Pause mode: every job is launched first, as a run of the pause's own workflow (whose channel
 * hears only these jobs), then one wait covers them all.
 */
async function pause(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	assertPauseSupported(ctx);
	const pending: PendingJob[] = [];
	const timeoutMs = largest(items.map((_, itemIndex) => readWaitSettings(ctx, itemIndex).timeoutMs), 0);
	const pauseWorkflow = new PauseWorkflow(ctx.getExecutionId(), timeoutMs, { workflowName: ctx.getWorkflow().name ?? '', ...readRunPacing(ctx) });
	let refused: INodeExecutionData[];
	try {
		refused = await forEachLaunchedJob(
			ctx,
			items,
			accountedRequests(ctx.getNode(), { ...readJobRequests(ctx), start: async (call, pipeline, files) => await pauseWorkflow.start(call, pipeline, files) }),
			async (launched, call) => {
				const itemIndex = launched.itemIndices[0];
				pending.push({ launched, call, wait: readWaitSettings(ctx, itemIndex), output: readOutputSettings(ctx, itemIndex, 'options.') });
				return [];
			},
			JOBS_IN_FLIGHT,
		);
	} catch (error) {
		await pauseWorkflow.abandon();
		throw asNodeError(ctx.getNode(), error);
	}
	return await pauseUntilJobsEnd(ctx, inItemOrder(pending), { carried: refused, pauseWorkflow });
}
