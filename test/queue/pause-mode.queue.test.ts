/**
 * Pause mode in n8n 2.40.7's queue mode (issue 23): one worker with concurrency 1, a webhook
 * process, Redis and Postgres. Five executions park on long jobs; the worker's one slot stays
 * free, so another workflow's execution runs at once; each parked execution resumes on its job's
 * event, through the webhook process and the worker, exactly once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startEmulator, type RunningEmulator } from '../emulator';
import { emulatorCredentialData, finishJob, jobIds, newJobIds, pauseWorkflow, startRun } from '../e2e/lib/pause';
import { userFolderPaths } from '../e2e/lib/user-folder';
import { startQueueCluster, type QueueCluster } from './lib/cluster';
import { publishWebhookWorkflow, statusCounts } from './lib/scenarios';
import { QUEUE_TEST_ENV } from './lib/settings';

const SETUP_TIMEOUT_MS = 30 * 60_000;
const PARKED = 5;

describe('pause mode in queue mode: one worker, concurrency 1', () => {
	let emulator: RunningEmulator | undefined;
	let cluster: QueueCluster | undefined;
	const started = () => {
		if (!cluster || !emulator) throw new Error('setup failed');
		return { cluster, emulator };
	};

	beforeAll(async () => {
		// Jobs run until the test ends them.
		emulator = await startEmulator({ port: 0, apiKey: `pause-queue-${process.pid}`, config: { job_duration_ms: 3_600_000, schedule_delay_ms: 50 } });
		cluster = await startQueueCluster({ label: 'pause-queue', env: QUEUE_TEST_ENV, workerCount: 1, workerConcurrency: 1 });
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await cluster?.close();
		await emulator?.close();
	}, 120_000);

	it('parks five executions without holding the worker, then resumes each once on its job’s event', async () => {
		const ctx = started();
		const { db } = ctx.cluster;
		const credential = await ctx.cluster.importCredential({
			name: 'Pause (emulator)',
			type: 'documentProcessingApi',
			data: emulatorCredentialData(ctx.emulator, ctx.emulator.apiKey),
		});
		const dir = path.join(userFolderPaths(ctx.cluster.userFolder).filesDir, `pause-${randomUUID().slice(0, 8)}`);
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(path.join(dir, 'long.md'), '# Long job\n\nIt runs for an hour.\n');
		const { workflow, path: webhookPath } = pauseWorkflow({ waitMode: 'pause', credential });
		const workflowId = await ctx.cluster.importWorkflow(workflow);
		await ctx.cluster.publish(workflowId);
		const quick = await publishWebhookWorkflow(ctx.cluster, 'quick-webhook.json', credential);

		const before = await db.maxExecutionId();
		const known = jobIds(ctx.emulator);
		for (let run = 0; run < PARKED; run++) await startRun(ctx.cluster.webhook.url, webhookPath, path.join(dir, '*.md'));
		const deadline = Date.now() + 120_000;
		while ((await db.executions(workflowId, before)).filter((row) => row.status === 'waiting').length < PARKED) {
			if (Date.now() > deadline) throw new Error(`not all parked: ${JSON.stringify(await statusCounts(ctx.cluster, workflowId))}`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const jobs = newJobIds(ctx.emulator, known);
		expect(jobs).toHaveLength(PARKED);

		// The worker's one slot is free: another workflow's execution runs at once.
		const quickBefore = await db.maxExecutionId();
		const startedAt = Date.now();
		const answer = await fetch(quick.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		expect(answer.status).toBe(200);
		const [ran] = await db.waitForEnded(quick.workflowId, quickBefore, 1, 30_000);
		expect(ran.status).toBe('success');
		expect(Date.now() - startedAt).toBeLessThan(30_000);
		expect(await statusCounts(ctx.cluster, workflowId)).toEqual({ waiting: PARKED });

		for (const jobId of jobs) await finishJob(ctx.emulator, jobId);
		const ended = await db.waitForEnded(workflowId, before, PARKED, 120_000);
		expect(ended.map((row) => row.status)).toEqual(Array(PARKED).fill('success'));
		await ctx.emulator.deliveriesIdle();
		await new Promise((resolve) => setTimeout(resolve, 2000)); // a second resume would show now
		expect(await statusCounts(ctx.cluster, workflowId)).toEqual({ success: PARKED });
		for (const row of ended) {
			const data = await db.runData(row.id);
			expect(data?.resultData.runData['Process Files']).toHaveLength(1);
			expect(data?.resultData.runData.After).toHaveLength(1);
			expect(data?.resultData.runData.After[0].data?.main?.[0]?.length).toBeGreaterThan(0);
		}
		// Every pause channel was removed by its resume.
		expect([...ctx.emulator.store.channels.values()].filter((channel) => channel.url?.includes('/webhook-waiting/'))).toEqual([]);
	}, 10 * 60_000);
});
