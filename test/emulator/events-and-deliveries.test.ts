/** Emulator: job events and their signed webhook deliveries. */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WORKFLOW_ID } from './index';
import { form, sleep } from './test-support/client';
import { TEXT_FILE, requestData } from './test-support/fixtures';
import { WebhookReceiver, type ReceivedWebhook } from './test-support/webhook-receiver';
import { ALL_EVENTS, workflowScope, useChannelWorld } from './test-support/channel-support';

const world = useChannelWorld();
const { h, createChannel, webhook, runJob } = world;

interface EventBody {
	id: string;
	event_type: string;
	payload: { job_id: string; status: string; workflow_id: string };
	created_at: string;
	workflow_id: string | null;
	is_read: boolean;
}

interface DeliveryBody {
	url: string;
	webhook_id: string;
	event_id: string;
	event_type: string;
	attempt: number;
	status_code?: number;
	error?: string;
}

/** Standard Webhooks verification, written here independently of the emulator. */
function verifySignature(delivery: ReceivedWebhook, secret: string): boolean {
	const id = String(delivery.headers['webhook-id']);
	const timestamp = String(delivery.headers['webhook-timestamp']);
	const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
	const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
	return String(delivery.headers['webhook-signature'])
		.split(' ')
		.some((signature) => signature === `v1,${expected}`);
}

describe('events and signed deliveries', () => {
	it('POSTs each job event, signed, in order, to a workspace webhook', async () => {
		const { body: channel } = await webhook();
		const job = await runJob();
		await h.emulator.deliveriesIdle();
		expect(world.receiver.received.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.completed']);
		for (const delivery of world.receiver.received) {
			expect(delivery.path).toBe('/hook');
			expect(delivery.headers['content-type']).toBe('application/json');
			expect(verifySignature(delivery, channel.secret ?? '')).toBe(true);
			expect(verifySignature(delivery, 'whsec_' + Buffer.alloc(24).toString('base64'))).toBe(false);
			const timestamp = Number(delivery.headers['webhook-timestamp']);
			expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(60);
			const event = JSON.parse(delivery.body) as EventBody;
			expect(delivery.headers['webhook-id']).toBe(event.id);
			expect(event).toMatchObject({ payload: { job_id: job.id, workflow_id: job.workflow_id }, workflow_id: null, is_read: false });
			const read = await h.client.api<EventBody>(`/api/v1/notifications/${event.id}`);
			expect(read.body).toEqual(event);
		}
		const deliveries = await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries');
		expect(deliveries.body.deliveries.map((delivery) => [delivery.event_type, delivery.attempt, delivery.status_code])).toEqual([
			['job.scheduled', 1, 200],
			['job.in_progress', 1, 200],
			['job.completed', 1, 200],
		]);
		expect((await h.client.control('/state')).body).toMatchObject({ events: 3, deliveries: 3 });
	});

	it.each([
		['type_data', (event: EventBody) => ({ type: 'job.completed', timestamp: event.created_at, data: event.payload })],
		['type_job', (event: EventBody) => ({ type: 'job.completed', timestamp: event.created_at, job: { id: event.payload.job_id, status: 'COMPLETED', workflow_id: event.payload.workflow_id } })],
		['envelope', (event: EventBody) => ({ data: event })],
		['id_only', (event: EventBody) => ({ id: event.id })],
		['empty', () => ({})],
	])('sends the %s delivery format when configured, signed, with the event id as webhook-id', async (format, expected) => {
		await h.client.control('/config', 'POST', { webhook_delivery_format: format });
		const { body: channel } = await webhook({ event_types: ['job.completed'] });
		await runJob();
		await h.emulator.deliveriesIdle();
		expect(world.receiver.received).toHaveLength(1);
		const delivery = world.receiver.received[0] as ReceivedWebhook;
		const event = (await h.client.api<EventBody>(`/api/v1/notifications/${String(delivery.headers['webhook-id'])}`)).body;
		expect(event.event_type).toBe('job.completed');
		expect(JSON.parse(delivery.body)).toEqual(expected(event));
		expect(verifySignature(delivery, channel.secret ?? '')).toBe(true);
	});

	it('sends an opaque body whose webhook-id names no event in the opaque format', async () => {
		await h.client.control('/config', 'POST', { webhook_delivery_format: 'opaque' });
		const { body: channel } = await webhook({ event_types: ['job.completed'] });
		await runJob();
		await h.emulator.deliveriesIdle();
		const delivery = world.receiver.received[0] as ReceivedWebhook;
		expect(JSON.parse(delivery.body)).toEqual({ notice: expect.any(String), level: 'info' });
		expect(verifySignature(delivery, channel.secret ?? '')).toBe(true);
		expect((await h.client.api(`/api/v1/notifications/${String(delivery.headers['webhook-id'])}`)).status).toBe(404);
		const attempts = await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries');
		expect(attempts.body.deliveries[0]).toMatchObject({ webhook_id: delivery.headers['webhook-id'], event_id: expect.any(String) });
	});

	it('refuses an unknown delivery format', async () => {
		expect((await h.client.control('/config', 'POST', { webhook_delivery_format: 'xml' })).status).toBe(422);
	});

	it('signs with the UTF-8 bytes of a caller-chosen secret that has no whsec_ prefix', async () => {
		const created = await webhook({ secret: 'my plain secret', event_types: ['job.completed'] });
		expect(created.body.secret).toBe('my plain secret');
		await runJob();
		await h.emulator.deliveriesIdle();
		expect(world.receiver.received).toHaveLength(1);
		expect(verifySignature(world.receiver.received[0] as ReceivedWebhook, 'my plain secret')).toBe(true);
	});

	it('delivers only subscribed event types, only to enabled channels in scope', async () => {
		await webhook({ event_types: ['job.completed'] });
		const other = await new WebhookReceiver().start();
		try {
			await webhook({ url: `${other.url}/wf`, event_types: ALL_EVENTS }, workflowScope(DEFAULT_WORKFLOW_ID));
			await runJob();
			const run = await h.client.api<{ id: string }>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, { form: form({}, [TEXT_FILE]) });
			await h.client.waitFor(async () => (await h.client.api<{ status: string }>(`/api/v1/jobs/${run.body.id}`)).body.status, (status) => status === 'COMPLETED');
			await h.emulator.deliveriesIdle();
			expect(world.receiver.received.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual(['job.completed', 'job.completed']);
			const workflowEvents = other.received.map((delivery) => JSON.parse(delivery.body) as EventBody);
			expect(workflowEvents.map((event) => event.event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.completed']);
			expect(workflowEvents.every((event) => event.payload.job_id === run.body.id && event.workflow_id === DEFAULT_WORKFLOW_ID)).toBe(true);
		} finally {
			await h.emulator.deliveriesIdle();
			await other.close();
		}
	});

	it('retries a failed delivery twice with the same webhook-id, then gives up', async () => {
		await webhook({ event_types: ['job.completed'] });
		world.receiver.failNext(500, 503, 502);
		await runJob();
		await h.emulator.deliveriesIdle();
		expect(world.receiver.received).toHaveLength(3);
		expect(new Set(world.receiver.received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries.map((delivery) => [delivery.attempt, delivery.status_code])).toEqual([
			[1, 500],
			[2, 503],
			[3, 502],
		]);
	});

	it('makes webhook_max_attempts attempts in all when set', async () => {
		await h.client.control('/config', 'POST', { webhook_max_attempts: 5, webhook_retry_backoff_ms: 10 });
		await webhook({ event_types: ['job.completed'] });
		world.receiver.failNext(500, 500, 500, 500);
		await runJob();
		await h.emulator.deliveriesIdle();
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries.map((delivery) => delivery.status_code)).toEqual([500, 500, 500, 500, 200]);
	});

	it('stops retrying after the first success', async () => {
		await webhook({ event_types: ['job.completed'] });
		world.receiver.failNext(500);
		await runJob();
		await h.emulator.deliveriesIdle();
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries.map((delivery) => [delivery.attempt, delivery.status_code])).toEqual([
			[1, 500],
			[2, 200],
		]);
	});

	it('times out a receiver that never answers, without holding up the job', async () => {
		// Held up by its deliveries, the job would wait through its first event's three timed-out
		// attempts and their backoff (3.6 s); unheld it ends in about 350 ms, so 3 s bounds it on a busy machine too.
		await h.client.control('/config', 'POST', { webhook_timeout_ms: 1000 });
		const hanging: Server = createServer(() => undefined);
		await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
		try {
			const port = (hanging.address() as AddressInfo).port;
			await createChannel({ channel_type: 'webhook', url: `http://127.0.0.1:${port}/slow`, event_types: ALL_EVENTS });
			const started = Date.now();
			await runJob();
			expect(Date.now() - started).toBeLessThan(3000);
			await h.emulator.deliveriesIdle();
			const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
			expect(deliveries).toHaveLength(9);
			expect(deliveries.every((delivery) => delivery.error?.includes('timed out'))).toBe(true);
		} finally {
			hanging.closeAllConnections();
			await new Promise<void>((resolve) => hanging.close(() => resolve()));
		}
	});

	it('does not call hosts outside loopback', async () => {
		await createChannel({ channel_type: 'webhook', url: 'http://example.com/hook', event_types: ['job.scheduled'] });
		await h.client.api('/api/v1/jobs/', { form: form({ request_data: requestData() }, [TEXT_FILE]) });
		await sleep(20);
		await h.emulator.deliveriesIdle();
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0]?.error).toContain('loopback');
	});
});
