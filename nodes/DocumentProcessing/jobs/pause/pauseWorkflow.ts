import { randomBytes } from 'node:crypto';
import { isNotFound } from '../../api/channelChanges';
import type { CallContext } from '../../api/context';
import { createJob, runWorkflow } from '../../api/jobs';
import type { Job } from '../../api/schemas';
import { createWorkflow, deleteWorkflow } from '../../api/workflows';
import type { InputFile } from '../../helpers/binaries';
import type { JobPipeline } from '../../pipeline/pipeline';
import { channelScope, pauseWorkflowName, removeOwnPauseChannel, removePauseChannels } from './channel';
import { RunWindow } from './runWindow';
import { sweepStalePauseWorkflows } from './sweep';

/** How the runs of a pause's workflow are launched (Process Files › Options, pause mode). */
export interface RunPacingSettings {
	/** Between one run's accepted launch and the next (default 1 s, as for on-demand jobs). */
	spacingMs: number;
	/** Most unfinished runs at once; 0 (the default) for no limit, the service queueing what it cannot run yet. */
	runsAtOnce: number;
}

export const DEFAULT_RUN_PACING: RunPacingSettings = { spacingMs: 1_000, runsAtOnce: 0 };

/** What the pause's workflow is called after in the service's list. */
export interface PauseWorkflowSettings extends Partial<RunPacingSettings> {
	/** The n8n workflow's name. */
	workflowName?: string;
}

/**
 * The scope of one paused execution: a stored workflow of its own (custom type, no source or
 * destination, so it runs on uploaded files and keeps its outputs for download, the same pipeline
 * as the on-demand job would have) that Process Files runs instead of launching on-demand jobs.
 * A channel scoped to it hears only this execution's jobs (service interface, Events rule 1), so
 * one job's end costs one delivery to the execution however many others are parked, and each
 * execution's channel counts against its own scope's cap rather than the workspace's.
 *
 * If the service refuses the workflow, or the items ask for different pipelines, the jobs are
 * launched on demand as before and the channel is a workspace one.
 */
export class PauseWorkflow {
	readonly ref = randomBytes(8).toString('hex');
	readonly deadline: number;
	private created: Promise<string | undefined> | undefined;
	private pipelineKey: string | undefined;
	private onDemand = false;
	private readonly pacing: RunPacingSettings;
	private readonly window: RunWindow;
	private sweep: Promise<unknown> = Promise.resolve();
	/** The call the workflow was created with, to delete it again if the pause never parks. */
	private createdWith: CallContext | undefined;

	constructor(
		private readonly executionId: string,
		timeoutMs: number,
		private readonly settings: PauseWorkflowSettings = {},
	) {
		this.deadline = Date.now() + timeoutMs;
		this.pacing = { ...DEFAULT_RUN_PACING, ...settings };
		this.window = new RunWindow(this.pacing.runsAtOnce, this.deadline);
	}

	/** Launches one job: a run of the pause's workflow, or an on-demand job when that is not possible. */
	async start(call: CallContext, pipeline: JobPipeline, files: InputFile[]): Promise<Job> {
		const key = JSON.stringify(pipeline);
		if (this.created === undefined) {
			this.pipelineKey = key;
			this.createdWith = call;
			this.created = this.create(call, pipeline);
		}
		const workflowId = await this.created;
		if (workflowId === undefined || key !== this.pipelineKey) {
			this.onDemand = true;
			return await createJob(call, pipeline, files);
		}
		return await this.window.launch(call, async () => await runWorkflow(call, workflowId, files, { spacingMs: this.pacing.spacingMs }));
	}

	/** Settles when the sweep of stale pause workflows that this pause started beside its launches has ended. */
	async swept(): Promise<void> {
		await this.sweep;
	}

	/** The workflow created for the pause, if any (deleted when the pause ends). */
	async workflowId(): Promise<string | undefined> {
		return await this.created;
	}

	/**
	 * The launches failed before the pause could park (a launch refused without Continue on Fail):
	 * its workflow goes, with what it ran, since no execution will come for their outputs.
	 */
	async abandon(): Promise<void> {
		await this.sweep;
		const workflowId = await this.created;
		if (workflowId !== undefined && this.createdWith !== undefined) await removePauseWorkflow(this.createdWith, workflowId);
	}

	/** The scope that hears every job of the execution: the pause's workflow, unless some job ran on demand. */
	async scopeWorkflowId(): Promise<string | undefined> {
		return this.onDemand ? undefined : await this.created;
	}

	private async create(call: CallContext, pipeline: JobPipeline): Promise<string | undefined> {
		// Beside the launches, never before them: it costs the pause no time (sweep.ts).
		this.sweep = removeStalePauseWorkflows(call);
		try {
			const workflow = await createWorkflow(call, {
				name: pauseWorkflowName(this.settings.workflowName ?? '', this.executionId, this.deadline, this.ref),
				workflow_type: 'custom',
				...(Array.isArray(pipeline) ? { workflow_nodes: pipeline } : { template_id: pipeline.templateId }),
			});
			return workflow.id;
		} catch {
			// On-demand jobs and a workspace channel work too; they only cost more deliveries.
			return undefined;
		}
	}
}

/** Deletes a pause's workflow (its channels first). Best effort: a later pause removes it once stale. */
export async function removePauseWorkflow(call: CallContext, workflowId: string): Promise<void> {
	try {
		await removePauseChannels(call, { workflowId }, () => true);
		await deleteWorkflow(call, workflowId);
	} catch {
		// See removeStalePauseWorkflows.
	}
}

/**
 * A pause that ends by its time limit runs no node code, so its workflow outlives it: a new pause
 * workflow starts, beside its launches, a bounded sweep of those whose deadline passed (sweep.ts).
 */
export async function removeStalePauseWorkflows(call: CallContext, now = Date.now()): Promise<{ swept: boolean; removed: number }> {
	return await sweepStalePauseWorkflows(call, removePauseWorkflow, now);
}

/** Ends a pause on the service: its channel, and its own workflow if it had one. Best effort, like both parts. */
export async function releasePause(call: CallContext, pause: { ref: string; workflowId?: string; tw?: string }): Promise<void> {
	if (pause.tw === undefined || pause.workflowId !== pause.tw) await removeOwnPauseChannel(call, channelScope(pause.workflowId), pause.ref);
	if (pause.tw !== undefined) await removePauseWorkflow(call, pause.tw);
}

/**
 * The resume's claim across processes: queue mode's webhook processes, or an n8n restarted while
 * the service retries, share no memory, but they share the service. The delivery whose deletion
 * of the pause's channel succeeds resumes the execution; one that finds it gone (deleted by the
 * winner, whose DELETE got the 2xx while this one got 404) does not. If the service cannot be
 * asked, the resume goes ahead as before (n8n's own "already running" answer then stands alone).
 */
export async function claimPause(call: CallContext, pause: { ref: string; workflowId?: string; tw?: string }): Promise<boolean> {
	let removed: number;
	try {
		removed = await removePauseChannels(call, channelScope(pause.workflowId), (ref) => ref === pause.ref);
	} catch (error) {
		// The pause's workflow already gone (404) was deleted by the winner; anything else is unknown.
		removed = isNotFound(error) ? 0 : 1;
	}
	// The claim deleted the workflow's one channel, so the workflow goes without another listing.
	if (removed > 0 && pause.tw !== undefined) await deleteWorkflow(call, pause.tw).catch(() => undefined);
	return removed > 0;
}
