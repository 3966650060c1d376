import { randomBytes } from 'node:crypto';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../../api/context';
import { getJob } from '../../api/jobs';
import type { Job } from '../../api/schemas';
import { generateSigningSecret } from '../../webhooks/webhookSignature';
import type { LaunchedJob } from '../launch';
import type { OutputSettings } from '../outputs';
import { isTerminal, type WaitSettings } from '../wait';
import { channelScope, pauseChannelDescription, registerPauseChannel, removeOwnPauseChannel, removeStalePauseChannels } from './channel';
import { pollInstead } from './fallback';
import { itemsOfEndedJobs, timeLimitOutcome } from './outcome';
import { armTimeLimit } from './stackEntry';
import { MAX_SEALED_LENGTH, type PausedJob, type PauseState, sealState, STATE_PARAMETER } from './state';

/** A job the execution waits for: launched (or taken by id) for its items, with their settings. */
export interface PendingJob {
	launched: LaunchedJob;
	call: CallContext;
	wait: WaitSettings;
	/** Absent for Wait for Job, which outputs the job record rather than the outputs. */
	output?: OutputSettings;
}

export interface PauseOptions {
	/** Items already decided (e.g. refused before launch under continue on fail); they come out first. */
	carried: INodeExecutionData[];
	/** Workflow-scoped channel for the runs of one workflow; the workspace otherwise. */
	workflowId?: string;
}

function pausedJob({ launched, wait, output }: PendingJob): PausedJob {
	return {
		id: launched.job.id,
		items: launched.itemIndices,
		fileIds: launched.job.input_file_ids ?? [],
		files: launched.files.map((file) => ({
			n: file.fileName,
			i: file.itemIndex,
			p: file.property,
			m: file.mimeType,
			s: file.size,
			...(file.sourceUrl === undefined ? {} : { u: file.sourceUrl }),
		})),
		failOnJobFailure: wait.failOnJobFailure,
		...(launched.finalStep === undefined ? {} : { finalStep: launched.finalStep }),
		...(output === undefined ? {} : { output }),
	};
}

function carriedItems(items: INodeExecutionData[]): PauseState['carried'] {
	return items.map((item) => ({ json: item.json, pairedItem: item.pairedItem as PauseState['carried'][number]['pairedItem'] }));
}

/** The execution's resume URL with the sealed state added, the address the channel calls. */
function channelUrl(ctx: IExecuteFunctions, state: PauseState, apiKey: string): string {
	const executionId = ctx.getExecutionId();
	const sealed = sealState(state, apiKey, executionId);
	if (sealed.length > MAX_SEALED_LENGTH) {
		throw new NodeOperationError(ctx.getNode(), `Too many jobs or files (${state.jobs.length} jobs) to pause one execution for`, {
			description: 'Use Wait Mode › Poll in This Execution for this many items, or split them over several executions (e.g. Loop Over Items).',
		});
	}
	const url = new URL(String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.searchParams.set(STATE_PARAMETER, sealed);
	return url.toString();
}

/**
 * Pause mode: registers a signed channel whose URL is the execution's resume URL, checks the jobs
 * once (a job that ended before the channel existed sends no event to it) and, unless they have
 * all ended, puts the execution to wait until the time limit. The node's webhook() continues it.
 * A refused channel does not fail the node: it polls instead (fallback.ts).
 */
export async function pauseUntilJobsEnd(ctx: IExecuteFunctions, pending: PendingJob[], options: PauseOptions): Promise<INodeExecutionData[]> {
	if (pending.length === 0) return options.carried;
	const call = pending[0].call;
	const timeoutMs = Math.max(...pending.map((job) => job.wait.timeoutMs));
	const state: PauseState = {
		v: 1,
		secret: generateSigningSecret(),
		ref: randomBytes(8).toString('hex'),
		...(options.workflowId === undefined ? {} : { workflowId: options.workflowId }),
		deadline: Date.now() + timeoutMs,
		continueOnFail: ctx.continueOnFail(),
		jobs: pending.map(pausedJob),
		carried: carriedItems(options.carried),
	};
	const scope = channelScope(state.workflowId);
	const url = channelUrl(ctx, state, call.connection.apiKey);
	await removeStalePauseChannels(call, scope);
	try {
		await registerPauseChannel(call, scope, {
			url,
			secret: state.secret,
			description: pauseChannelDescription(ctx.getExecutionId(), state.deadline, state.ref),
		});
	} catch (error) {
		// The cap of channels per scope, or any other refusal: the jobs run anyway, so wait for them here.
		return await pollInstead(ctx, pending, options.carried, error instanceof Error ? error.message : String(error));
	}

	const jobs: Job[] = await Promise.all(pending.map(async (job) => await getJob(job.call, job.launched.job.id)));
	if (jobs.every((job) => isTerminal(job.status))) {
		await removeOwnPauseChannel(call, scope, state.ref);
		return await itemsOfEndedJobs(ctx, call, state, jobs);
	}

	const running = jobs.findIndex((job) => !isTerminal(job.status));
	const outcome = timeLimitOutcome(call, state, jobs, timeoutMs);
	armTimeLimit(ctx, outcome.items, outcome.errors[running], state.continueOnFail);
	await ctx.putExecutionToWait(new Date(state.deadline));
	return ctx.getInputData();
}
