import { randomBytes } from 'node:crypto';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { callContextFor, type CallContext } from '../../api/context';
import { getJob } from '../../api/jobs';
import type { Job } from '../../api/schemas';
import { generateSigningSecret } from '../../webhooks/webhookSignature';
import type { LaunchedJob } from '../launch';
import type { OutputSettings } from '../../outputs/outputFilesToItems';
import { isTerminal, type WaitSettings } from '../wait';
import { channelScope, pauseChannelDescription, registerPauseChannel, removeStalePauseChannels } from './channel';
import { type PauseWorkflow, releasePause, removePauseWorkflow } from './pauseWorkflow';
import { channelRefused, type PauseRefusal, pollInstead, stateTooLarge } from './fallback';
import { itemsOfEndedJobs, timeLimitOutcome } from './outcome';
import { armTimeLimit, storeState } from './stackEntry';
import { type PausedJob, type PauseState, STATE_PARAMETER, stateForUrl } from './state';
import { largest } from '../../helpers/arrays';
import { asNodeError } from '../../helpers/nodeErrors';

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
	/** Process Files: the pause's own workflow that ran the jobs (its scope, ref and deadline). */
	pauseWorkflow?: PauseWorkflow;
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

/**
 * The execution's resume URL with the sealed state (or, when that is too long for an address, a
 * sealed pointer to the state stored on the stack entry), the address the channel calls;
 * undefined if the state can be kept nowhere.
 */
function channelUrl(ctx: IExecuteFunctions, state: PauseState, apiKey: string): string | undefined {
	const { token, stored } = stateForUrl(state, apiKey, ctx.getExecutionId());
	if (stored !== undefined && !storeState(ctx, stored)) return undefined;
	const url = new URL(String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.searchParams.set(STATE_PARAMETER, token);
	return url.toString();
}

/** Waits by polling (the pause's refusal in the run's hint), then ends the pause on the service. */
async function pollAndRelease(ctx: IExecuteFunctions, pending: PendingJob[], options: PauseOptions, state: PauseState, refusal: PauseRefusal) {
	try {
		return await pollInstead(ctx, pending, options.carried, refusal);
	} finally {
		await releasePause(pending[0].call, state);
	}
}

/**
 * Pause mode: registers a signed channel whose URL is the execution's resume URL, checks the jobs
 * once (a job that ended before the channel existed sends no event to it) and, unless they have
 * all ended, puts the execution to wait until the time limit. The node's webhook() continues it.
 * A refused channel (or a state too large for its address) does not fail the node: it polls
 * instead (fallback.ts).
 */
export async function pauseUntilJobsEnd(ctx: IExecuteFunctions, pending: PendingJob[], options: PauseOptions): Promise<INodeExecutionData[]> {
	const own = options.pauseWorkflow;
	const temporary = await own?.workflowId();
	// Started beside the launches; bounded (sweep.ts), and usually over long before the last launch.
	await own?.swept();
	if (pending.length === 0) {
		if (temporary !== undefined) await removePauseWorkflow(await callContextFor(ctx, 0), temporary);
		return options.carried;
	}
	const call = pending[0].call;
	const timeoutMs = largest(pending.map((job) => job.wait.timeoutMs), 0);
	const workflowId = options.workflowId ?? (await own?.scopeWorkflowId());
	const state: PauseState = {
		v: 1,
		secret: generateSigningSecret(),
		ref: own?.ref ?? randomBytes(8).toString('hex'),
		...(workflowId === undefined ? {} : { workflowId }),
		...(temporary === undefined ? {} : { tw: temporary }),
		deadline: own?.deadline ?? Date.now() + timeoutMs,
		continueOnFail: ctx.continueOnFail(),
		jobs: pending.map(pausedJob),
		carried: carriedItems(options.carried),
	};
	const scope = channelScope(state.workflowId);
	let url: string | undefined;
	try {
		url = channelUrl(ctx, state, call.connection.apiKey);
	} catch (error) {
		await releasePause(call, state);
		throw asNodeError(ctx.getNode(), error);
	}
	if (url === undefined) return await pollAndRelease(ctx, pending, options, state, stateTooLarge(state.jobs.length));
	// A pause workflow's scope is new; the shared scopes may hold channels of pauses that ended by time.
	if (state.workflowId === undefined || state.workflowId !== temporary) await removeStalePauseChannels(call, scope);
	try {
		await registerPauseChannel(call, scope, {
			url,
			secret: state.secret,
			description: pauseChannelDescription(ctx.getExecutionId(), state.deadline, state.ref),
		});
	} catch (error) {
		// The cap of channels per scope, or any other refusal: the jobs run anyway, so wait for them here.
		return await pollAndRelease(ctx, pending, options, state, channelRefused(error instanceof Error ? error.message : String(error)));
	}
	return await parkOrFinish(ctx, pending, state, timeoutMs);
}

/**
 * With the channel registered: checks the jobs once, then parks the execution, or makes the items
 * at once when every job has already ended. Whatever fails on the way (a job that cannot be read,
 * n8n refusing to park) releases the channel and the pause's workflow before the error goes on:
 * nothing would ever come to remove them but the next pause's sweep.
 */
async function parkOrFinish(ctx: IExecuteFunctions, pending: PendingJob[], state: PauseState, timeoutMs: number): Promise<INodeExecutionData[]> {
	const call = pending[0].call;
	let parked = false;
	try {
		const jobs: Job[] = await Promise.all(pending.map(async (job) => await getJob(job.call, job.launched.job.id)));
		if (jobs.every((job) => isTerminal(job.status))) return await itemsOfEndedJobs(ctx, call, state, jobs);
		const outcome = timeLimitOutcome(call, state, jobs, timeoutMs);
		armTimeLimit(ctx, outcome.items, outcome.error, state.continueOnFail);
		await ctx.putExecutionToWait(new Date(state.deadline));
		parked = true;
		return ctx.getInputData();
	} finally {
		if (!parked) await releasePause(call, state);
	}
}
