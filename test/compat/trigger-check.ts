/**
 * The trigger's life cycle on a running n8n of any version: activation (2.x: publish, 1.x: the
 * Active toggle; the harness picks the REST calls) registers one signed webhook channel, one
 * signed delivery of the emulator starts exactly one run, a forged delivery gets 401 and starts
 * nothing, deactivation deletes the channel.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { form } from '../emulator/test-support/client';
import { listExecutions, loadWorkflow, maxExecutionId, nodeOutputJson, waitForExecutions, type E2eSuite, type WorkflowJson } from '../e2e/n8n';
import { postForgedDelivery } from '../e2e/lib/forged-delivery';

const EVENT = 'job.completed';

/** The e2e trigger workflow subscribed to job.completed only, so one job makes one delivery. */
export function triggerWorkflow(credential: { id: string; name: string }): { workflow: WorkflowJson; webhookId: string } {
	const webhookId = randomUUID();
	const workflow = loadWorkflow('trigger-job-events.json', { WEBHOOK_ID: webhookId, CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name });
	const trigger = workflow.nodes.find((node) => node.name === 'Job Event') as { parameters: { events: string[] } };
	trigger.parameters.events = [EVENT];
	return { workflow, webhookId };
}

export async function runTriggerCheck(suite: E2eSuite, workflowId: string, webhookId: string): Promise<void> {
	const { e2e, emulator } = suite;
	// Webhook channels only: the leg's e-mail channel flow leaves its channel in the same store.
	const channels = () => [...emulator.store.channels.values()].filter((channel) => channel.channel_type === 'webhook');
	const channelCount = async (count: number): Promise<void> => {
		const deadline = Date.now() + 30_000;
		while (channels().length !== count) {
			if (Date.now() > deadline) throw new Error(`expected ${count} channel(s), found ${channels().length}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	};
	const webhookUrl = `${e2e.n8n.url}/webhook/${webhookId}/webhook`;

	await e2e.publish(workflowId);
	await channelCount(1);
	expect(channels()).toEqual([expect.objectContaining({ channel_type: 'webhook', url: webhookUrl, event_types: [EVENT], enabled: true })]);
	expect(channels()[0].secret).toMatch(/^whsec_/);

	const before = await maxExecutionId(e2e.userFolder);
	const launched = await suite.client.api<{ id: string }>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
		form: form({}, [{ name: 'trigger.md', type: 'text/markdown', content: '# Trigger\n\nCompat.\n' }]),
	});
	expect(launched.status).toBe(202);
	const jobId = launched.body.id;
	const [execution] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, count: 1, timeoutMs: 90_000 });
	expect(execution.status).toBe('success');
	expect(nodeOutputJson(execution.data, 'Job Event')).toEqual([expect.objectContaining({ event_type: EVENT, job_id: jobId })]);
	await emulator.deliveriesIdle();
	expect(emulator.store.deliveries.map((attempt) => attempt.status_code)).toEqual([200]);
	// The default version's n8n is shared with other suites: only this workflow's executions count.
	const laterRuns = async () => await listExecutions(e2e.userFolder, { workflowId, afterId: execution.id });
	expect(await laterRuns()).toEqual([]);

	const forged = await postForgedDelivery(webhookUrl, JSON.stringify({ id: randomUUID(), event_type: EVENT, payload: { job_id: jobId }, created_at: new Date().toISOString() }));
	expect(forged.status).toBe(401);
	await new Promise((resolve) => setTimeout(resolve, 1_000));
	expect(await laterRuns()).toEqual([]);

	await e2e.unpublish(workflowId);
	await channelCount(0);
}
