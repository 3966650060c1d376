/**
 * The unchanged package in n8n 2.40.7's queue mode: Redis, Postgres, a main process, two workers
 * and two webhook processes (see lib/cluster.ts), one cluster for every queue-mode suite: Process
 * Files, the trigger, pause mode (pause/) and a killed worker. Timing figures are printed by
 * `npm run bench:queue`, not asserted here.
 */
import * as http from 'node:http';
import { startEmulator, type RunningEmulator } from '../emulator';
import { nodeOutputJson } from '../e2e/lib/executions';
import { startQueueCluster, type QueueCluster } from './lib/cluster';
import { killedWorkerScenario } from './lib/kill';
import {
	importEmulatorCredential,
	isIgnored,
	replay,
	runProcessFiles,
	runTriggerDeliveries,
	statusCounts,
	type EmulatorCredential,
	type TriggerFigures,
} from './lib/scenarios';
import { QUEUE_TEST_ENV, QUEUE_TEST_WEBHOOK_ENV } from './lib/settings';
import { defineBatchInQueue } from './pause/batch';
import { defineOnceInQueue } from './pause/once';
import { defineParkedInQueue, useLongJobs, type PauseWorld } from './pause/parked';

const SETUP_TIMEOUT_MS = 30 * 60_000;

describe('queue mode: main + 2 workers + 2 webhook processes on Redis and Postgres', () => {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
	let emulator: RunningEmulator | undefined;
	let cluster: QueueCluster | undefined;
	let credential: EmulatorCredential;
	const started = () => {
		if (!cluster || !emulator) throw new Error('setup failed');
		return { cluster, emulator };
	};

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, apiKey: `queue-${process.pid}-${Date.now()}` });
		cluster = await startQueueCluster({ label: 'queue-test', env: QUEUE_TEST_ENV, webhookEnv: QUEUE_TEST_WEBHOOK_ENV, webhookCount: 2 });
		credential = await importEmulatorCredential(cluster, emulator);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		agent.destroy();
		await cluster?.close();
		await emulator?.close();
	}, 120_000);

	describe('the trigger, published', () => {
		let figures: TriggerFigures;

		it('turns 200 signed deliveries through the webhook process into exactly 200 executions on the workers', async () => {
			const ctx = started();
			figures = await runTriggerDeliveries(ctx.cluster, ctx.emulator, credential, { deliveries: 200, concurrency: 10, agent });
			expect(figures.originals.filter((a) => a.status === 200 && !isIgnored(a))).toHaveLength(200);
			await new Promise((resolve) => setTimeout(resolve, 2000)); // stragglers would show now
			expect(await statusCounts(ctx.cluster, figures.workflowId)).toEqual({ success: 200 });
			const ran = await ctx.cluster.db.sql<{ n: string }>(
				'SELECT COUNT(*) AS n FROM execution_entity WHERE "workflowId" = $1 AND mode = $2',
				[figures.workflowId, 'webhook'],
			);
			expect(Number(ran[0].n)).toBe(200);
		}, 10 * 60_000);

		it('starts nothing for a replay of each delivery at the same webhook process', async () => {
			const ctx = started();
			const answers = await replay(figures, figures.webhookUrl, 10, agent);
			expect(answers.filter((a) => a.status === 200 && isIgnored(a))).toHaveLength(200);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			expect(await statusCounts(ctx.cluster, figures.workflowId)).toEqual({ success: 200 });
		}, 5 * 60_000);

		it('across processes only the receiving process remembers: a replay at main runs again once, then main refuses it too', async () => {
			// n8n 2.40.7 gives webhook() no store shared by processes (README, "Running in queue mode").
			const ctx = started();
			const sample = { ...figures, ids: figures.ids.slice(0, 5), bodies: figures.bodies.slice(0, 5) };
			const first = await replay(sample, figures.mainUrl, 5, agent);
			expect(first.filter((a) => a.status === 200 && !isIgnored(a))).toHaveLength(5);
			await ctx.cluster.db.waitForEnded(figures.workflowId, 0, 205, 120_000);
			const again = await replay(sample, figures.mainUrl, 5, agent);
			expect(again.filter((a) => a.status === 200 && isIgnored(a))).toHaveLength(5);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			expect(await statusCounts(ctx.cluster, figures.workflowId)).toEqual({ success: 205 });
		}, 5 * 60_000);

		it('answers a forged delivery 401 at either process and starts nothing', async () => {
			const ctx = started();
			const forged = { ...figures, secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`, ids: ['evt_forged_1'], bodies: [figures.bodies[0]] };
			for (const url of [figures.webhookUrl, figures.mainUrl]) {
				const [answer] = await replay(forged, url, 1, agent);
				expect(answer.status).toBe(401);
				expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/^Invalid webhook signature: /) });
			}
			expect(await statusCounts(ctx.cluster, figures.workflowId)).toEqual({ success: 205 });
		}, 60_000);
	});

	// After the deliveries: its launches come a second apart, so it computes little, and the run's
	// other suites wait most in the queue suite's first minutes (the pause suite; test/sequencer.js).
	it('runs 3 executions of Process Files (10 files, one job per item) on both workers: 30 jobs, no surfaced 429, every output paired', async () => {
		const ctx = started();
		const figures = await runProcessFiles(ctx.cluster, ctx.emulator, credential, { executions: 3, files: 10, fileBytes: 4096 });
		expect(figures.statuses).toEqual(['success', 'success', 'success']);
		expect(figures.jobs).toBe(30);
		expect(figures.perWorker.every((count) => count >= 1)).toBe(true);
		expect(figures.perWorker.reduce((a, b) => a + b, 0)).toBe(3);
		for (const id of figures.executionIds) {
			const data = await ctx.cluster.db.runData(id);
			const read = nodeOutputJson(data, 'Read Files');
			const outputs = data?.resultData.runData['Process Files']?.[0]?.data?.main?.[0] ?? [];
			expect(read).toHaveLength(10);
			expect(outputs).toHaveLength(10);
			const pairs = outputs.map((item) => {
				const paired = item.pairedItem as { item: number } | Array<{ item: number }>;
				const index = Array.isArray(paired) ? paired[0].item : paired.item;
				return [index, item.json.input_file_name];
			});
			expect(pairs.map(([index]) => index).sort((a, b) => Number(a) - Number(b))).toEqual([...Array(10).keys()]);
			for (const [index, name] of pairs) expect(name).toBe(read[Number(index)].fileName);
		}
	}, 10 * 60_000);

	describe('pause mode', () => {
		const world = (): PauseWorld => ({ ...started(), credential });
		useLongJobs(world);
		defineParkedInQueue(world);
		defineOnceInQueue(world);
		defineBatchInQueue(world);
	});

	it('a worker killed (SIGKILL) during Wait for Job: n8n does not run the execution again, no job is created twice', async () => {
		const ctx = started();
		const outcome = await killedWorkerScenario(ctx.cluster, ctx.emulator, credential);
		// What n8n 2.40.7 does (README, "Running in queue mode"): Bull sees the lock expire, fails the
		// job without retrying it (n8n sets maxStalledCount 0) and n8n ends the execution as "error";
		// no process runs it again, so no second job. The service's job is left running.
		process.stdout.write(`killed-worker outcome: ${JSON.stringify(outcome)}\n`);
		expect(['failed', 'removed']).toContain(outcome.bullState);
		expect(outcome.status).toBe('error');
		expect(outcome.executions).toBe(1);
		expect(outcome.jobsCreated).toBe(1);
		expect(outcome.jobStillRunningAtService).toBe(true);
	}, 10 * 60_000);
});
