import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { createHookHarness, type HookHarness } from '../harness';
import {
	anEvent,
	bridgedTrigger,
	registrations,
	runWorkflowJob as runJob,
	signedDelivery,
	startedEvents,
	type TriggerSetup,
	useTriggerWorld,
} from './trigger-support';

const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20 });

const LIFE = ['job.scheduled', 'job.in_progress', 'job.completed'];
const workflowScope = { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } };

const trigger = (setup: TriggerSetup = {}): HookHarness => bridgedTrigger(world.service, world.bridge, setup);
const channels = () => [...world.service.emulator.store.channels.values()];
const runWorkflowJob = async () => await runJob(world.service, world.client);

describe('activation and deactivation', () => {
	it('registers exactly one webhook channel with the node’s URL, events and scope, and deletes it on deactivation', async () => {
		const path = `/webhook/${randomUUID()}/webhook`;
		const hook = trigger({ path, parameters: { events: ['job.completed', 'job.failed'] } });
		expect(await hook.activate()).toBe(true);
		expect(hook.calls.map((call) => call.method)).toEqual(['checkExists', 'create']);
		expect(channels()).toHaveLength(1);
		const [registered] = channels();
		expect(registered).toMatchObject({
			channel_type: 'webhook',
			url: `${world.bridge.origin}${path}`,
			event_types: ['job.completed', 'job.failed'],
			workflow_id: null,
			enabled: true,
		});
		expect(registered.secret).toMatch(/^whsec_/);
		expect(registrations(hook)).toEqual([
			expect.objectContaining({ channelId: registered.id, secret: registered.secret, url: registered.url, test: false, workflowId: null }),
		]);
		const created = (await world.service.requests('/api/v1/notifications/channels')).filter((request) => request.method === 'POST');
		expect(created).toHaveLength(1);
		expect((created[0].json as IDataObject).secret).toBe(registered.secret);

		expect(await hook.call('checkExists')).toBe(true);
		expect(await hook.deactivate()).toBe(true);
		expect(channels()).toHaveLength(0);
		expect(registrations(hook)).toEqual([]);
	});

	it('registers a workflow-scoped channel on the workflow route', async () => {
		const hook = trigger({ parameters: { ...workflowScope, events: LIFE } });
		await hook.activate();
		expect(channels()).toEqual([expect.objectContaining({ workflow_id: DEFAULT_WORKFLOW_ID, event_types: LIFE })]);
		const channelId = registrations(hook)[0].channelId;
		const [post] = (await world.service.requests('/api/v1/workflows')).filter((request) => request.method === 'POST');
		expect(post.path).toBe(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`);
		await hook.deactivate();
		expect(channels()).toHaveLength(0);
		const [deleted] = (await world.service.requests('/api/v1/workflows')).filter((request) => request.method === 'DELETE');
		expect(deleted.path).toBe(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels/${channelId}`);
	});

	it('does not pile up channels when activated again, also after its static data was lost', async () => {
		const path = `/webhook/${randomUUID()}/webhook`;
		const hook = trigger({ path });
		await hook.activate();
		expect(await hook.activate()).toBe(false);
		expect(channels()).toHaveLength(1);

		// n8n restarted from a copy without the static data: the orphan at the same URL is replaced.
		const again = trigger({ path });
		expect(await again.activate()).toBe(true);
		expect(channels()).toHaveLength(1);
		expect(channels()[0].id).toBe(registrations(again)[0].channelId);
		await again.deactivate();
		expect(channels()).toHaveLength(0);
	});

	it('replaces the channel when the events or the scope changed while inactive', async () => {
		const path = `/webhook/${randomUUID()}/webhook`;
		const first = trigger({ path, parameters: { events: ['job.completed'] } });
		await first.activate();
		const changed = trigger({ path, parameters: { events: ['job.failed', 'job.stopped'] }, staticData: first.staticData });
		expect(await changed.activate()).toBe(true);
		expect(channels()).toEqual([expect.objectContaining({ event_types: ['job.failed', 'job.stopped'], workflow_id: null })]);
		const rescoped = trigger({ path, parameters: { ...workflowScope, events: ['job.failed', 'job.stopped'] }, staticData: first.staticData });
		expect(await rescoped.activate()).toBe(true);
		expect(channels()).toEqual([expect.objectContaining({ workflow_id: DEFAULT_WORKFLOW_ID })]);
		expect(registrations(rescoped)).toHaveLength(1);
	});

	it('creates a new channel when the service lost the old one, and deactivation tolerates one already gone', async () => {
		const hook = trigger();
		await hook.activate();
		world.service.emulator.store.channels.clear();
		expect(await hook.call('checkExists')).toBe(false);
		await hook.call('create');
		expect(channels()).toHaveLength(1);
		world.service.emulator.store.channels.clear();
		expect(await hook.deactivate()).toBe(true);
		expect(registrations(hook)).toEqual([]);
	});

	it('keeps test-mode and production channels apart: ending the test removes only the test channel', async () => {
		const id = randomUUID();
		const production = trigger({ path: `/webhook/${id}/webhook` });
		await production.activate();
		// "Listen for test event" works on a copy of the saved static data.
		const test = trigger({ path: `/webhook-test/${id}/webhook`, mode: 'manual', staticData: structuredClone(production.staticData) });
		expect(await test.activate()).toBe(true);
		expect(channels()).toHaveLength(2);
		expect(registrations(test).map((entry) => entry.test)).toEqual([false, true]);
		await test.deactivate();
		expect(channels()).toEqual([expect.objectContaining({ id: registrations(production)[0].channelId })]);
		expect(await production.call('checkExists')).toBe(true);
	});

	it('refuses to activate without events, before any request', async () => {
		const hook = trigger({ parameters: { events: '={{ [] }}' } });
		await expect(hook.activate()).rejects.toThrow('Events is empty');
		expect(await world.service.requests('/api/v1')).toHaveLength(0);
	});

	it('reports a refused API key on activation', async () => {
		const hook = createHookHarness({
			nodeType: new DocumentProcessingTrigger(),
			parameters: { events: ['job.completed'] },
			credentials: { documentProcessingApi: { ...world.service.credentials.documentProcessingApi, apiKey: 'wrong-key' } },
			webhookUrl: `${world.bridge.origin}/webhook/x/webhook`,
		});
		await expect(hook.activate()).rejects.toThrow(/refused the API key/);
		expect(JSON.stringify(registrations(hook))).toBe('[]');
	});
});

describe('signed deliveries from the emulator', () => {
	it('starts one run per subscribed event of a job’s life, with the event fields', async () => {
		const hook = trigger({ parameters: { ...workflowScope, events: LIFE } });
		await hook.activate();
		const jobId = await runWorkflowJob();
		expect(world.bridge.deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200, 200]);
		const events = startedEvents(world.bridge.deliveries);
		expect(events.map((event) => event.event_type)).toEqual(LIFE);
		expect(events.map((event) => event.status)).toEqual(['SCHEDULED', 'IN_PROGRESS', 'COMPLETED']);
		for (const event of events) {
			expect(event).toMatchObject({ job_id: jobId, workflow_id: DEFAULT_WORKFLOW_ID, event_id: expect.any(String), created_at: expect.any(String) });
			expect(event.raw_payload).toMatchObject({ id: event.event_id, event_type: event.event_type, payload: { job_id: jobId } });
		}
		expect(world.bridge.deliveries[0].items[0].pairedItem).toEqual({ item: 0 });
		expect(world.service.emulator.store.deliveries.every((attempt) => attempt.status_code === 200)).toBe(true);
	});

	it('starts runs only for the subscribed events (the channel and the node agree)', async () => {
		const hook = trigger({ parameters: { events: ['job.completed'] } });
		await hook.activate();
		const jobId = await runWorkflowJob();
		expect(startedEvents(world.bridge.deliveries)).toEqual([expect.objectContaining({ event_type: 'job.completed', job_id: jobId, status: 'COMPLETED' })]);
	});

	it('answers 200 without a run for an event type the node does not listen to', async () => {
		const hook = trigger({ parameters: { events: ['job.completed'] } });
		await hook.activate();
		const result = await hook.runWebhook(signedDelivery(hook, anEvent({ event_type: 'job.in_progress' })));
		expect(result).toMatchObject({ statusCode: 200, workflowStarted: false });
		expect(result.body).toEqual({ received: true, ignored: expect.stringMatching(/job.in_progress is not one this trigger listens to/) });
	});

	it('adds the job record and the downloaded outputs on job.completed', async () => {
		const hook = trigger({ parameters: { events: LIFE, options: { includeJob: true, downloadOutputs: true } } });
		await hook.activate();
		const jobId = await runWorkflowJob();
		const events = startedEvents(world.bridge.deliveries);
		expect(events).toHaveLength(3);
		const completed = events[2];
		expect(completed.job).toMatchObject({ id: jobId, status: 'COMPLETED', output_node_files: expect.any(Array) });
		const outputs = completed.outputs as IDataObject[];
		expect(outputs.length).toBeGreaterThan(0);
		expect(outputs[0]).toMatchObject({ job_id: jobId, file_id: expect.any(String), element_count: expect.any(Number) });
		expect((outputs[0].elements as IDataObject[])[0]).toMatchObject({ type: expect.any(String), element_id: expect.any(String) });
		// Outputs only for job.completed; the job record for every event.
		expect(events[0]).not.toHaveProperty('outputs');
		expect(events[0].job).toMatchObject({ id: jobId });
	});

	it('can emit one item per element or per output file', async () => {
		const perElement = trigger({ parameters: { events: ['job.completed'], options: { downloadOutputs: true, outputShape: 'elements' } } });
		const perFile = trigger({ parameters: { events: ['job.completed'], options: { downloadOutputs: true, outputShape: 'files' } } });
		await perElement.activate();
		await perFile.activate();
		const jobId = await runWorkflowJob();
		const byRoute = (hook: HookHarness) => world.bridge.deliveries.find((delivery) => delivery.workflowStarted && registrations(hook)[0].url.endsWith(delivery.path))!;
		const elements = byRoute(perElement).items;
		expect(elements.length).toBeGreaterThan(1);
		expect(elements.every((item) => typeof item.json.element_id === 'string' && item.pairedItem !== undefined)).toBe(true);
		const files = byRoute(perFile).items;
		expect(files[0].json).toMatchObject({ event_type: 'job.completed', job_id: jobId, element_count: elements.length });
	});

	it('runs in test mode ("listen for test event") on the test URL', async () => {
		const hook = trigger({ path: `/webhook-test/${randomUUID()}/webhook`, mode: 'manual', parameters: { events: ['job.completed'] } });
		await hook.activate();
		const jobId = await runWorkflowJob();
		expect(startedEvents(world.bridge.deliveries)).toEqual([expect.objectContaining({ job_id: jobId })]);
		await hook.deactivate();
		expect(channels()).toHaveLength(0);
	});

	it('fails the delivery (so the service retries) when the job cannot be fetched, and the retry can run', async () => {
		const hook = trigger({ parameters: { events: ['job.completed'], options: { includeJob: true } } });
		await hook.activate();
		const delivery = signedDelivery(hook, anEvent());
		await expect(hook.runWebhook(delivery)).rejects.toThrow(/was not found/);
		// Same webhook-id again: not treated as a duplicate, because the first attempt did not run.
		await expect(hook.runWebhook(delivery)).rejects.toThrow(/was not found/);
	});
});

describe('refused deliveries start nothing', () => {
	let hook: HookHarness;
	beforeEach(async () => {
		hook = trigger({ parameters: { events: ['job.completed'] } });
		await hook.activate();
	});

	it('answers 401 for a tampered body', async () => {
		const delivery = signedDelivery(hook, anEvent());
		const tampered = Buffer.from(delivery.rawBody.toString().replace('COMPLETED', 'FAILED'));
		const result = await hook.runWebhook({ ...delivery, rawBody: tampered });
		expect(result).toMatchObject({ statusCode: 401, workflowStarted: false, body: { message: 'Invalid webhook signature: no signature matches' } });
	});

	it('answers 401 for a wrong secret, a missing signature and a stale or future timestamp', async () => {
		const wrongSecret = await hook.runWebhook(signedDelivery(hook, anEvent(), { secret: 'whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldA==' }));
		expect(wrongSecret.statusCode).toBe(401);
		const unsigned = signedDelivery(hook, anEvent());
		const { 'webhook-signature': _dropped, ...headers } = unsigned.headers;
		const missing = await hook.runWebhook({ ...unsigned, headers });
		expect(missing).toMatchObject({ statusCode: 401, body: { message: expect.stringMatching(/missing/) } });
		const stale = await hook.runWebhook(signedDelivery(hook, anEvent(), { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
		expect(stale).toMatchObject({ statusCode: 401, body: { message: expect.stringMatching(/too old/) } });
		const future = await hook.runWebhook(signedDelivery(hook, anEvent(), { timestamp: Math.floor(Date.now() / 1000) + 6 * 60 }));
		expect(future).toMatchObject({ statusCode: 401, body: { message: expect.stringMatching(/in the future/) } });
		for (const result of [wrongSecret, missing, stale, future]) expect(result.workflowStarted).toBe(false);
	});

	it('answers 401 when the trigger holds no channel secret (e.g. never activated)', async () => {
		const delivery = signedDelivery(hook, anEvent());
		await hook.deactivate();
		expect(await hook.runWebhook(delivery)).toMatchObject({ statusCode: 401, workflowStarted: false });
	});

	it('answers 200 without a second run for a duplicate webhook-id', async () => {
		const delivery = signedDelivery(hook, anEvent());
		expect(await hook.runWebhook(delivery)).toMatchObject({ workflowStarted: true, statusCode: 200 });
		const again = await hook.runWebhook(delivery);
		expect(again).toMatchObject({ workflowStarted: false, statusCode: 200, body: { received: true, ignored: expect.stringMatching(/already received/) } });
	});

	it('runs unsigned deliveries only when signature checks are switched off', async () => {
		const open = trigger({ parameters: { events: ['job.completed'], options: { verifySignatures: false } } });
		await open.activate();
		const rawBody = Buffer.from(JSON.stringify(anEvent()));
		const result = await open.runWebhook({ method: 'POST', headers: { 'content-type': 'application/json' }, rawBody });
		expect(result).toMatchObject({ workflowStarted: true, statusCode: 200 });
		expect((await hook.runWebhook({ method: 'POST', headers: { 'content-type': 'application/json' }, rawBody })).statusCode).toBe(401);
	});
});
