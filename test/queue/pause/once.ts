/**
 * Exactly once across processes (issue 34), on the queue suite's cluster (two webhook processes):
 * the final event of a paused execution's job delivered to both webhook processes at the same
 * moment, and repeated as the service's retries would, resumes it once; a webhook process that is
 * down when the job ends and comes back while the service still retries resumes it once.
 */
import * as http from 'node:http';
import { randomUUID } from 'node:crypto';
import { finishJob, pauseChannelOf } from '../../e2e/lib/pause';
import { eventBody, signedHeaders } from '../../e2e/load/deliveries';
import { post, type Answer } from '../../e2e/load/http';
import { statusCounts } from '../lib/scenarios';
import { expectResumedOnce, parkRuns, publishPauseFlow, type PauseWorld } from './parked';

/** The channel's URL with another webhook process's origin: the same path, the same sealed state. */
const atProcess = (channelUrl: string, processUrl: string): string => {
	const url = new URL(channelUrl);
	const target = new URL(processUrl);
	url.host = target.host;
	return url.toString();
};

export function defineOnceInQueue(world: () => PauseWorld): void {
	const agent = new http.Agent({ keepAlive: false });
	afterAll(() => agent.destroy());

	it('resumes once when the job’s final event reaches both webhook processes at the same moment, and again and again', async () => {
		const ctx = world();
		const flow = await publishPauseFlow(ctx);
		const { before, executions, jobs } = await parkRuns(ctx, flow, 1);
		const channel = pauseChannelOf(ctx.emulator, executions[0]);
		if (!channel?.url || !channel.secret) throw new Error('the parked execution has no pause channel');
		// The test delivers the event itself, to both processes at once; the emulator's own delivery is off.
		channel.enabled = false;
		await finishJob(ctx.emulator, jobs[0]);
		const eventId = `evt_${randomUUID()}`;
		const body = eventBody(eventId, jobs[0]);
		const urls = ctx.cluster.webhooks.map((process) => atProcess(String(channel.url), process.url));
		const answers: Answer[] = [];
		for (let round = 0; round < 3; round++) {
			const headers = signedHeaders(channel.secret, eventId, body);
			answers.push(...(await Promise.all(urls.map(async (url) => await post(url, body, headers, agent)))));
		}
		const ended = await ctx.cluster.db.waitForEnded(flow.workflowId, before, 1, 120_000);
		expect(ended.map((row) => row.status)).toEqual(['success']);
		await new Promise((resolve) => setTimeout(resolve, 3000)); // a second resume would show now
		expect(await statusCounts(ctx.cluster, flow.workflowId)).toEqual({ success: 1 });
		await expectResumedOnce(ctx, executions);
		// Every delivery got an answer (none left hanging); the channel is gone.
		expect(answers).toHaveLength(urls.length * 3);
		expect(pauseChannelOf(ctx.emulator, executions[0])).toBeUndefined();
	}, 5 * 60_000);

	it('resumes once when the webhook process is down as the job ends and back while the service retries', async () => {
		const ctx = world();
		const flow = await publishPauseFlow(ctx);
		ctx.emulator.setConfig({ webhook_retry_backoff_ms: 2000, webhook_max_attempts: 20 });
		try {
			const { before, executions, jobs } = await parkRuns(ctx, flow, 1);
			const channel = pauseChannelOf(ctx.emulator, executions[0]);
			const restart = await ctx.cluster.stopWebhook(0);
			await finishJob(ctx.emulator, jobs[0]);
			const failed = () => ctx.emulator.store.deliveries.filter((attempt) => attempt.channel_id === channel?.id && attempt.status_code === undefined);
			for (let tries = 0; tries < 200 && failed().length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 250));
			expect(failed().length).toBeGreaterThanOrEqual(2);
			await restart();
			const ended = await ctx.cluster.db.waitForEnded(flow.workflowId, before, 1, 240_000);
			expect(ended.map((row) => row.status)).toEqual(['success']);
			await ctx.emulator.deliveriesIdle();
			await new Promise((resolve) => setTimeout(resolve, 3000));
			expect(await statusCounts(ctx.cluster, flow.workflowId)).toEqual({ success: 1 });
			await expectResumedOnce(ctx, executions);
		} finally {
			ctx.emulator.setConfig({ webhook_retry_backoff_ms: 200, webhook_max_attempts: 3 });
		}
	}, 8 * 60_000);
}
