import { randomUUID } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { DeliveryFormat } from '../emulator/events/delivery-formats';
import type { HookHarness } from '../harness';
import { anEvent, bridgedTrigger, registrations, runWorkflowJob, signedDelivery, startedEvents, useTriggerWorld } from './support/trigger';

/**
 * The delivery body's format is not documented: the emulator sends each plausible one
 * (config `webhook_delivery_format`) and the trigger, run by n8n-core, must start the same run.
 */
const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20 });

const lookups = async () => (await world.service.requests('/api/v1/notifications/')).filter((request) => !request.path.includes('/channels'));
const completedEvent = () => [...world.service.emulator.store.events.values()].find((event) => event.event_type === 'job.completed');

async function deliverIn(format: DeliveryFormat, options: INodeParameters = {}): Promise<{ started: IDataObject[]; jobId: string; hook: HookHarness }> {
	world.service.emulator.setConfig({ webhook_delivery_format: format });
	const hook = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'], options } });
	await hook.activate();
	const jobId = await runWorkflowJob(world.service, world.client);
	expect(world.bridge.deliveries.map((delivery) => delivery.statusCode)).toEqual([200]);
	return { started: startedEvents(world.bridge.deliveries), jobId, hook };
}

describe.each<[DeliveryFormat, boolean]>([
	['event', false],
	['type_data', false],
	['type_job', false],
	['envelope', false],
	['id_only', true],
	['empty', true],
])('emulator delivery format %s', (format, needsLookup) => {
	it(`starts the run with the event type and job id${needsLookup ? ', read from GET /notifications/{id}' : ''}`, async () => {
		const { started, jobId } = await deliverIn(format);
		const event = completedEvent()!;
		expect(started).toEqual([
			expect.objectContaining({
				event_id: event.id,
				event_type: 'job.completed',
				job_id: jobId,
				status: 'COMPLETED',
				raw_payload: JSON.parse(world.bridge.deliveries[0].rawBody.toString()),
			}),
		]);
		expect(started[0].lookup_error).toBeUndefined();
		const read = await lookups();
		expect(read.map((request) => request.path)).toEqual(needsLookup ? [`/api/v1/notifications/${event.id}`] : []);
	});
});

describe('events nothing can be learned about', () => {
	it('starts an "unknown" run with the raw body for the opaque format (its webhook-id is no event id)', async () => {
		const { started } = await deliverIn('opaque');
		const body = JSON.parse(world.bridge.deliveries[0].rawBody.toString()) as IDataObject;
		expect(started).toEqual([
			expect.objectContaining({ event_type: 'unknown', job_id: null, status: null, raw_payload: body, event_id: world.bridge.deliveries[0].headers['webhook-id'] }),
		]);
		expect(started[0].lookup_error).toMatch(/Notification event "msg_.+" was not found/);
		expect(await lookups()).toHaveLength(1);
	});

	it('starts an "unknown" run for a signed body that is not JSON, carrying the text', async () => {
		const hook = bridgedTrigger(world.service, world.bridge);
		await hook.activate();
		const delivery = signedDelivery(hook, Buffer.from('job done, see dashboard'));
		// As JSON, n8n itself would refuse it (422) before the node runs.
		const result = await hook.runWebhook({ ...delivery, headers: { ...delivery.headers, 'content-type': 'text/plain' } });
		expect(result).toMatchObject({ statusCode: 200, workflowStarted: true });
		expect(result.response.workflowData?.[0][0].json).toMatchObject({ event_type: 'unknown', job_id: null, raw_payload: 'job done, see dashboard' });
	});

	it('does not add a job record or outputs when there is no job id', async () => {
		const { started } = await deliverIn('opaque', { includeJob: true, downloadOutputs: true });
		expect(started[0]).not.toHaveProperty('job');
		expect(started[0]).not.toHaveProperty('outputs');
	});
});

describe('signed deliveries of each shape, sent directly', () => {
	let hook: HookHarness;
	beforeEach(async () => {
		hook = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'] } });
		await hook.activate();
	});

	it('still applies the event filter to a type it found', async () => {
		const result = await hook.runWebhook(signedDelivery(hook, { type: 'job.in_progress', data: { job_id: randomUUID(), status: 'IN_PROGRESS' } }));
		expect(result).toMatchObject({ statusCode: 200, workflowStarted: false, body: { ignored: expect.stringMatching(/job.in_progress is not one/) } });
	});

	it('reads an event that lacks its job id from the service by its id', async () => {
		await runWorkflowJob(world.service, world.client);
		const event = completedEvent()!;
		const partial = { id: event.id, event_type: 'job.completed', payload: { status: 'COMPLETED' }, created_at: event.created_at };
		const result = await hook.runWebhook(signedDelivery(hook, partial));
		expect(result.response.workflowData?.[0][0].json).toMatchObject({ event_id: event.id, job_id: event.payload.job_id, event_type: 'job.completed' });
	});

	it('recognises a replayed empty-body delivery by its webhook-id without reading the event again', async () => {
		await runWorkflowJob(world.service, world.client);
		const event = completedEvent()!;
		// A trigger activated after the job: the emulator's own delivery of the event went to `hook` only.
		const late = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'] } });
		await late.activate();
		const before = (await lookups()).length;
		const delivery = signedDelivery(late, Buffer.from(''), { id: event.id });
		const first = await late.runWebhook({ ...delivery, headers: { ...delivery.headers, 'content-type': 'text/plain' } });
		expect(first).toMatchObject({ statusCode: 200, workflowStarted: true });
		expect(first.response.workflowData?.[0][0].json).toMatchObject({ event_id: event.id, event_type: 'job.completed' });
		const replayed = await late.runWebhook({ ...delivery, headers: { ...delivery.headers, 'content-type': 'text/plain' } });
		expect(replayed).toMatchObject({ statusCode: 200, workflowStarted: false, body: { ignored: expect.stringMatching(/already received/) } });
		expect((await lookups()).length - before).toBe(1);
	});

	it('keeps the type it found when the event cannot be read, and says why', async () => {
		const missingJob = anEvent({ payload: { status: 'COMPLETED' } });
		const result = await hook.runWebhook(signedDelivery(hook, missingJob));
		expect(result).toMatchObject({ statusCode: 200, workflowStarted: true });
		expect(result.response.workflowData?.[0][0].json).toMatchObject({
			event_id: missingJob.id,
			event_type: 'job.completed',
			job_id: null,
			lookup_error: expect.stringMatching(/was not found/),
		});
	});

	it('adds the job record to a {type, job} delivery when asked', async () => {
		const withJob = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'], options: { includeJob: true } } });
		await withJob.activate();
		world.service.emulator.setConfig({ webhook_delivery_format: 'type_job' });
		const jobId = await runWorkflowJob(world.service, world.client);
		const started = startedEvents(world.bridge.deliveries.filter((delivery) => new URL(registrations(withJob)[0].url).pathname === delivery.path));
		expect(started).toEqual([expect.objectContaining({ job_id: jobId, job: expect.objectContaining({ id: jobId, status: 'COMPLETED' }) })]);
	});
});
