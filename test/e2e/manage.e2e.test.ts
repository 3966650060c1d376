/**
 * Real n8n (issue 12): one workflow manages what the service already has. A workflow-scoped webhook
 * channel is created, updated (disabled, other events, new description) and deleted; the running
 * jobs are listed, each is cancelled, and the newest two are listed again.
 */
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { form } from '../emulator/test-support/client';
import { PARTITION_ONLY, requestData, TEXT_FILE } from '../emulator/test-support/fixtures';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

describe('real n8n: Notification Channel Update/Delete and Job Get Many/Cancel', () => {
	// Jobs run for ten minutes, so they are still IN_PROGRESS when the workflow lists them.
	const suite = useE2eSuite({ label: 'manage', emulatorConfig: { job_duration_ms: 600_000, launch_spacing_ms: 0 } });

	it('updates and deletes a channel, lists the running jobs and cancels each', async () => {
		const { e2e, client, emulator } = suite;
		const launched: string[] = [];
		for (let i = 0; i < 3; i++) {
			const job = await client.api<{ id: string }>('/api/v1/jobs/', { form: form({ request_data: requestData(PARTITION_ONLY) }, [TEXT_FILE]) });
			expect(job.status).toBe(200);
			launched.push(job.body.id);
		}
		await client.waitFor(
			async () => [...emulator.store.jobs.values()].map((job) => job.status),
			(statuses) => statuses.every((status) => status === 'IN_PROGRESS'),
		);
		await client.control('/requests', 'DELETE');

		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('manage-channels-and-jobs.json', {
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				SERVICE_WORKFLOW_ID: DEFAULT_WORKFLOW_ID,
				HOOK_URL: 'http://127.0.0.1:9/e2e-hook',
			}),
		);
		const run = await e2e.execute(workflowId);
		if (run.status !== 'success') throw new Error(`ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);
		expect(JSON.stringify(run.data)).not.toContain(suite.apiKey);

		const [created] = nodeOutputJson(run.data, 'Create Channel');
		const channelId = String(created.id);
		expect(nodeOutputJson(run.data, 'Update Channel')).toEqual([
			expect.objectContaining({ id: channelId, enabled: false, event_types: ['job.failed', 'job.stopped'], description: 'E2E: after', url: 'http://127.0.0.1:9/e2e-hook' }),
		]);
		expect(nodeOutputJson(run.data, 'Delete Channel')).toEqual([{ id: channelId, workflow_id: DEFAULT_WORKFLOW_ID, deleted: true }]);
		expect(emulator.store.channels.size).toBe(0);

		const running = nodeOutputJson(run.data, 'Get Running Jobs');
		expect(running.map((job) => job.id)).toEqual([...launched].reverse());
		expect(running.every((job) => job.status === 'IN_PROGRESS')).toBe(true);
		const cancelled = nodeOutputJson(run.data, 'Cancel Job');
		expect(cancelled.map((job) => [job.id, job.status])).toEqual([...launched].reverse().map((id) => [id, 'STOPPED']));
		expect(nodeOutputJson(run.data, 'Get Two Jobs').map((job) => [job.id, job.status])).toEqual([
			[launched[2], 'STOPPED'],
			[launched[1], 'STOPPED'],
		]);
		// The service stopped every job and recorded job.stopped for each.
		const { events } = (await client.control<{ events: Array<{ event_type: string; payload: { job_id: string } }> }>('/events')).body;
		expect(events.filter((event) => event.event_type === 'job.stopped').map((event) => event.payload.job_id).sort()).toEqual([...launched].sort());

		const scoped = `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`;
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		const calls = requests.map((request) => `${request.method} ${request.path}${request.query.status ? `?status=${String(request.query.status)}` : ''} ${String(request.status)}`);
		expect(calls).toEqual(
			expect.arrayContaining([
				`PATCH ${scoped}/${channelId} 200`,
				`DELETE ${scoped}/${channelId} 204`,
				'GET /api/v1/jobs/?status=IN_PROGRESS 200',
				...launched.map((id) => `POST /api/v1/jobs/${id}/cancel 200`),
			]),
		);
		expect(requests.find((request) => request.method === 'PATCH')?.json).toEqual({
			enabled: false,
			event_types: ['job.failed', 'job.stopped'],
			description: 'E2E: after',
		});
	}, 5 * 60_000);
});
