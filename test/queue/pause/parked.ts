/**
 * Pause mode in queue mode (issue 23), on the queue suite's cluster (two workers of concurrency 2,
 * so four slots): five executions park on long jobs, more than the workers' slots, yet another
 * workflow's execution runs at once; each parked execution resumes on its job's event, through
 * the webhook process and a worker, exactly once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { RunningEmulator } from '../../emulator';
import { finishJob, jobIds, newJobIds, pauseWorkflow, startRun } from '../../e2e/lib/pause';
import { userFolderPaths } from '../../e2e/lib/user-folder';
import type { QueueCluster } from '../lib/cluster';
import { publishWebhookWorkflow, statusCounts, type EmulatorCredential } from '../lib/scenarios';

const PARKED = 5;

export interface PauseWorld {
	cluster: QueueCluster;
	emulator: RunningEmulator;
	credential: EmulatorCredential;
}

/** Jobs run until the test ends them, for as long as the suite's pause tests run. */
export function useLongJobs(world: () => PauseWorld): void {
	beforeAll(() => world().emulator.setConfig({ job_duration_ms: 3_600_000, schedule_delay_ms: 50 }));
	afterAll(() => world().emulator.setConfig({ job_duration_ms: 300, schedule_delay_ms: 50 }));
}

/** A published Process Files workflow in pause mode and the folder of its one input file. */
export async function publishPauseFlow(world: PauseWorld): Promise<{ workflowId: string; path: string; glob: string }> {
	const dir = path.join(userFolderPaths(world.cluster.userFolder).filesDir, `pause-${randomUUID().slice(0, 8)}`);
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'long.md'), '# Long job\n\nIt runs for an hour.\n');
	const { workflow, path: webhookPath } = pauseWorkflow({ waitMode: 'pause', credential: world.credential });
	const workflowId = await world.cluster.importWorkflow(workflow);
	await world.cluster.publish(workflowId);
	return { workflowId, path: webhookPath, glob: path.join(dir, '*.md') };
}

/** Starts `count` runs through the webhook process and waits until all are parked; returns their jobs. */
export async function parkRuns(world: PauseWorld, flow: { workflowId: string; path: string; glob: string }, count: number) {
	const { db } = world.cluster;
	const before = await db.maxExecutionId();
	const known = jobIds(world.emulator);
	for (let run = 0; run < count; run++) await startRun(world.cluster.webhook.url, flow.path, flow.glob);
	const deadline = Date.now() + 120_000;
	for (;;) {
		const waiting = (await db.executions(flow.workflowId, before)).filter((row) => row.status === 'waiting');
		if (waiting.length >= count) return { before, executions: waiting.map((row) => row.id), jobs: newJobIds(world.emulator, known) };
		if (Date.now() > deadline) throw new Error(`not all parked: ${JSON.stringify(await statusCounts(world.cluster, flow.workflowId))}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Each execution ran its next node once, with items (a second resume would have run it again). */
export async function expectResumedOnce(world: PauseWorld, executionIds: number[]): Promise<void> {
	for (const id of executionIds) {
		const data = await world.cluster.db.runData(id);
		expect(data?.resultData.runData['Process Files']).toHaveLength(1);
		expect(data?.resultData.runData.After).toHaveLength(1);
		expect(data?.resultData.runData.After[0].data?.main?.[0]?.length).toBeGreaterThan(0);
	}
}

export function defineParkedInQueue(world: () => PauseWorld): void {
	it('parks five executions without holding a worker slot, then resumes each once on its job’s event', async () => {
		const ctx = world();
		const { db } = ctx.cluster;
		const flow = await publishPauseFlow(ctx);
		const quick = await publishWebhookWorkflow(ctx.cluster, 'quick-webhook.json', ctx.credential);
		const { before, jobs } = await parkRuns(ctx, flow, PARKED);
		expect(jobs).toHaveLength(PARKED);

		// More executions parked than the workers have slots: another workflow's execution runs at once.
		const quickBefore = await db.maxExecutionId();
		const startedAt = Date.now();
		const answer = await fetch(quick.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		expect(answer.status).toBe(200);
		const [ran] = await db.waitForEnded(quick.workflowId, quickBefore, 1, 30_000);
		expect(ran.status).toBe('success');
		expect(Date.now() - startedAt).toBeLessThan(30_000);
		expect(await statusCounts(ctx.cluster, flow.workflowId)).toEqual({ waiting: PARKED });

		for (const jobId of jobs) await finishJob(ctx.emulator, jobId);
		const ended = await db.waitForEnded(flow.workflowId, before, PARKED, 120_000);
		expect(ended.map((row) => row.status)).toEqual(Array(PARKED).fill('success'));
		await ctx.emulator.deliveriesIdle();
		await new Promise((resolve) => setTimeout(resolve, 2000)); // a second resume would show now
		expect(await statusCounts(ctx.cluster, flow.workflowId)).toEqual({ success: PARKED });
		await expectResumedOnce(ctx, ended.map((row) => row.id));
		// Every pause channel was removed by its resume.
		expect([...ctx.emulator.store.channels.values()].filter((channel) => channel.url?.includes('/webhook-waiting/'))).toEqual([]);
	}, 10 * 60_000);
}
