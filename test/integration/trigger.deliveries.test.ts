/** Trigger: signed deliveries from the emulator, and refused deliveries that start nothing. */
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import type { HookHarness } from '../harness';
import {
	anEvent,
	bridgedTrigger,
	registrations,
	runWorkflowJob as runJob,
	signedDelivery,
	startedEvents,
	type TriggerSetup,
	useTriggerWorld,
} from './support/trigger';

const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20 });

const LIFE = ['job.scheduled', 'job.in_progress', 'job.completed'];
const workflowScope = { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } };

const trigger = (setup: TriggerSetup = {}): HookHarness => bridgedTrigger(world.service, world.bridge, setup);
const channels = () => [...world.service.emulator.store.channels.values()];
const runWorkflowJob = async () => await runJob(world.service, world.client);

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
