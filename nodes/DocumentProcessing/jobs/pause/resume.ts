import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { serviceCallContext, type CallContext } from '../../api/context';
import { readDeliveryFacts } from '../../webhooks/deliveryFormats';
import { getJob, listJobs } from '../../api/jobs';
import type { Job } from '../../api/schemas';
import { asNodeError } from '../../helpers/nodeErrors';
import { claimResume, releaseResume } from '../../webhooks/replayGuard';
import { ignore, parseJsonBody, rawBodyOf, refuse, signedDelivery } from '../../webhooks/webhookRequest';
import { verifyWebhookSignature } from '../../webhooks/webhookSignature';
import { isTerminal } from '../wait';
import { PAUSE_EVENTS } from './channel';
import { claimPause, releasePause } from './pauseWorkflow';
import { itemsOfEndedJobs } from './outcome';
import { deliverOnResume, failOnResume, storedState } from './stackEntry';
import { openUrlState, type PauseState, STATE_PARAMETER } from './state';

function stateOf(ctx: IWebhookFunctions, call: CallContext): PauseState | undefined {
	const token = (ctx.getQueryData() as Record<string, unknown>)[STATE_PARAMETER];
	if (typeof token !== 'string') return undefined;
	return openUrlState(token, call.connection.apiKey, ctx.getExecutionId(), () => storedState(ctx));
}

/** Its channel and, for Process Files, its own workflow (pauseWorkflow.ts). */
async function removeOwnChannel(call: CallContext, state: PauseState): Promise<void> {
	await releasePause(call, state);
}

/**
 * The records of the pause's jobs from one listing of its own workflow's jobs (the service does
 * not page them), or undefined when the listing lacks one (then each is read by id).
 */
async function listedJobs(call: CallContext, state: PauseState): Promise<Job[] | undefined> {
	if (state.tw === undefined || state.tw !== state.workflowId) return undefined;
	try {
		const byId = new Map((await listJobs(call, { workflowId: state.tw })).map((job) => [job.id, job]));
		const records = state.jobs.map((job) => byId.get(job.id));
		return records.every((record): record is Job => record !== undefined && isTerminal(record.status)) ? records : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Whether every job has ended, at the cost of one request per delivery while some still run: jobs
 * are launched a second apart and mostly end in that order, so the last launched is checked first
 * and the first one still running stops the check. Once the last has ended, the others' records
 * come from one listing of the pause workflow's jobs, or are read one by one.
 */
async function endedJobs(call: CallContext, state: PauseState): Promise<Job[] | number> {
	const { jobs } = state;
	const records: Job[] = new Array<Job>(jobs.length);
	for (let index = jobs.length - 1; index >= 0; index--) {
		const record = await getJob({ ...call, itemIndex: jobs[index].items[0] }, jobs[index].id);
		if (!isTerminal(record.status)) return index + 1;
		records[index] = record;
		if (index === jobs.length - 1 && index > 0) {
			const listed = await listedJobs(call, state);
			if (listed !== undefined) return listed;
		}
	}
	return records;
}

/**
 * The resume webhook of a paused execution: the service's signed delivery of a job event. A
 * delivery that is not signed with this execution's secret gets 401; one about another job, or
 * arriving while some of the execution's jobs still run, is answered without resuming. Once every
 * job has ended, the outputs are made as the poll mode makes them and the channel is deleted; the
 * delivery whose deletion succeeds continues the execution with them (claimPause: once across
 * processes), any other is answered without resuming.
 */
export async function resumeOnJobEvent(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const call = await serviceCallContext(ctx);
	const state = stateOf(ctx, call);
	if (state === undefined) return refuse(ctx, 401, 'Invalid webhook signature: this URL was not issued for this execution');
	const body = await rawBodyOf(ctx);
	const verdict = verifyWebhookSignature(state.secret, signedDelivery(ctx, body));
	if (!verdict.valid) return refuse(ctx, 401, `Invalid webhook signature: ${verdict.reason}`);

	const facts = readDeliveryFacts(parseJsonBody(body));
	if (facts.eventType !== undefined && !(PAUSE_EVENTS as string[]).includes(facts.eventType)) {
		return ignore(`event type ${facts.eventType} does not end a job`);
	}
	if (facts.jobId !== undefined && !state.jobs.some((job) => job.id === facts.jobId)) {
		return ignore(`job ${facts.jobId} is not one this execution waits for`);
	}
	// Whatever the body says, the job records decide (a body without a job id is checked too).
	const jobs = await endedJobs(call, state);
	if (typeof jobs === 'number') return ignore(`job ${jobs} of the execution's ${state.jobs.length} (or an earlier one) has not ended yet`);

	// Per pause, not per execution, so two events arriving together resume it once while a later
	// pause of the same execution (its own channel reference) can resume too.
	const claim = `${ctx.getExecutionId()}:${state.ref}`;
	if (!claimResume(claim)) return ignore('the execution is already being resumed');
	try {
		const items = await itemsOfEndedJobs(ctx, call, state, jobs);
		if (!(await claimPause(call, state))) return ignore('another delivery has resumed the execution');
		deliverOnResume(ctx, items);
		return { workflowData: [items] };
	} catch (error) {
		const nodeError = asNodeError(call.node, error);
		await removeOwnChannel(call, state);
		// The execution fails with the error, as it would in poll mode: the node's next run throws it
		// (n8n skips a run without input items, hence the placeholder).
		if (failOnResume(ctx, nodeError)) return { workflowData: [[{ json: {} }]] };
		releaseResume(claim);
		throw nodeError;
	}
}
