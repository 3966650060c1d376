/**
 * Real n8n end to end (issue 6): a workflow with the Document Processing Trigger is published
 * (activated) on a running n8n 2.40.7; activation registers a signed webhook channel on the
 * emulator; the emulator runs a job and delivers its signed events to n8n's production webhook
 * URL; n8n records one execution per event with the job id. A forged delivery gets 401 and
 * starts nothing; unpublishing deletes the channel and publishing again does not pile them up.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { E2E_SETUP_TIMEOUT_MS, listExecutions, loadWorkflow, maxExecutionId, nodeOutputJson, useE2eSuite, waitForExecutions } from './n8n';
import { postForgedDelivery } from './lib/forged-delivery';

const LIFE = ['job.scheduled', 'job.in_progress', 'job.completed'];

describe('Document Processing Trigger in real n8n', () => {
	const suite = useE2eSuite({ label: 'trigger', emulatorConfig: { job_duration_ms: 500, schedule_delay_ms: 100 } });
	const { apiKey } = suite;
	const webhookId = randomUUID();
	let workflowId = '';

	const channels = () => [...suite.emulator.store.channels.values()];
	/** n8n answers the publish/unpublish request before the trigger's webhook methods have finished. */
	const channelCount = async (count: number): Promise<void> => {
		const deadline = Date.now() + 30_000;
		while (channels().length !== count) {
			if (Date.now() > deadline) throw new Error(`expected ${count} channel(s), found ${channels().length}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	};
	const webhookUrl = () => `${suite.e2e.n8n.url}/webhook/${webhookId}/webhook`;

	const runServiceJob = async (): Promise<string> => {
		const { emulator } = suite;
		const form = new FormData();
		form.append('input_files', new Blob(['# Trigger\n\nHello from the trigger e2e test.\n'], { type: 'text/markdown' }), 'trigger.md');
		const response = await fetch(`${emulator.url}/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
			method: 'POST',
			headers: { 'service-api-key': apiKey, accept: 'application/json' },
			body: form,
		});
		expect(response.status).toBe(202);
		return ((await response.json()) as { id: string }).id;
	};

	/** Runs a service job and waits for the three executions its events start, all successful. */
	const jobLifeExecutions = async () => {
		const before = await maxExecutionId(suite.e2e.userFolder);
		const jobId = await runServiceJob();
		const executions = await waitForExecutions(suite.e2e.userFolder, { workflowId, afterId: before, count: 3, timeoutMs: 90_000 });
		expect(executions.map((execution) => execution.status)).toEqual(['success', 'success', 'success']);
		const events = executions.map((execution) => nodeOutputJson(execution.data, 'Job Event')[0]);
		expect(events.map((event) => event.event_type).sort()).toEqual([...LIFE].sort());
		return { jobId, executions, events, before };
	};

	beforeAll(async () => {
		const credential = await suite.importEmulatorCredential();
		workflowId = await suite.e2e.importWorkflow(
			loadWorkflow('trigger-job-events.json', {
				WEBHOOK_ID: webhookId,
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
			}),
		);
	}, E2E_SETUP_TIMEOUT_MS);

	it('registers one signed webhook channel for the production URL when the workflow is published', async () => {
		// Waits until n8n has activated the trigger (its webhook methods ran and their static data,
		// the signing secret, is saved): a delivery before that is refused, and the service resends it.
		await suite.e2e.publish(workflowId);
		await channelCount(1);
		expect(channels()).toEqual([
			expect.objectContaining({ channel_type: 'webhook', url: webhookUrl(), event_types: LIFE, workflow_id: null, enabled: true }),
		]);
		expect(channels()[0].secret).toMatch(/^whsec_/);
	}, 120_000);

	it('records an execution for job.scheduled, job.in_progress and job.completed with the job id', async () => {
		const { emulator } = suite;
		const { jobId, executions, events, before } = await jobLifeExecutions();
		for (const event of events) {
			expect(event).toMatchObject({ job_id: jobId, workflow_id: DEFAULT_WORKFLOW_ID, job: expect.objectContaining({ id: jobId }) });
		}
		expect(nodeOutputJson(executions[0].data, 'Received')).toHaveLength(1);
		await emulator.deliveriesIdle();
		// Each event's last attempt was answered 200. On a loaded machine n8n may answer one after the
		// emulator's 5 s timeout, which resends it: the trigger knows its webhook-id and starts nothing,
		// so there is still one execution per event.
		const lastStatusByEvent = new Map(emulator.store.deliveries.map((attempt) => [attempt.event_id, attempt.status_code]));
		expect([...lastStatusByEvent.values()]).toEqual([200, 200, 200]);
		expect(await listExecutions(suite.e2e.userFolder, { workflowId, afterId: before })).toHaveLength(3);
		// The signing secret never reaches execution data.
		expect(JSON.stringify(executions)).not.toContain(String(channels()[0].secret));
	}, 180_000);

	it.each([
		['{type, data}', 'type_data' as const],
		['an empty body naming the event only in webhook-id (read back with GET /notifications/{id})', 'empty' as const],
	])('records the same executions when the service sends %s', async (_name, format) => {
		const { emulator } = suite;
		emulator.setConfig({ webhook_delivery_format: format });
		const lookups = async () =>
			(await suite.client.control<{ requests: Array<{ method: string; path: string }> }>('/requests')).body.requests.filter(
				(request) => request.path.startsWith('/api/v1/notifications/') && !request.path.includes('/channels'),
			).length;
		try {
			const lookupsBefore = await lookups();
			const { jobId, events } = await jobLifeExecutions();
			for (const event of events) expect(event).toMatchObject({ job_id: jobId, job: expect.objectContaining({ id: jobId }) });
			await emulator.deliveriesIdle();
			expect((await lookups()) - lookupsBefore).toBe(format === 'empty' ? 3 : 0);
		} finally {
			emulator.setConfig({ webhook_delivery_format: 'event' });
		}
	}, 180_000);

	it('answers a forged delivery with 401 and starts nothing', async () => {
		const { e2e } = suite;
		const before = await maxExecutionId(e2e.userFolder);
		const body = JSON.stringify({
			id: randomUUID(),
			event_type: 'job.completed',
			payload: { job_id: randomUUID(), status: 'COMPLETED' },
			created_at: new Date().toISOString(),
			workflow_id: null,
			is_read: false,
		});
		const response = await postForgedDelivery(webhookUrl(), body);
		expect(response.status).toBe(401);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		// Other suites share this n8n: only this workflow's executions count.
		expect(await listExecutions(e2e.userFolder, { workflowId, afterId: before })).toEqual([]);
	}, 60_000);

	it('deletes the channel when unpublished, and publishing again leaves exactly one', async () => {
		const { e2e } = suite;
		await e2e.rest.unpublishWorkflow(workflowId);
		await channelCount(0);
		await e2e.rest.publishWorkflow(workflowId);
		await channelCount(1);
		const first = channels()[0].id;
		await e2e.rest.unpublishWorkflow(workflowId);
		await channelCount(0);
		await e2e.rest.publishWorkflow(workflowId);
		await channelCount(1);
		// Give a second registration (the pile-up this guards against) time to show up.
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect(channels()).toHaveLength(1);
		expect(channels()[0]).toMatchObject({ url: webhookUrl() });
		expect(channels()[0].id).not.toBe(first);
		await e2e.rest.unpublishWorkflow(workflowId);
		await channelCount(0);
	}, 120_000);
});
