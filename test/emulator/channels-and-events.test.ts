import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WORKFLOW_ID } from './index';
import { detailText, form, sleep } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';
import { WebhookReceiver, type ReceivedWebhook } from './test-support/webhook-receiver';
import type { ChannelResponse as ChannelBody } from './channels/channel-input';


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

const ALL_EVENTS = ['job.scheduled', 'job.in_progress', 'job.completed', 'job.stopped', 'job.failed'];
const WORKSPACE = '/api/v1/notifications/channels';
const workflowScope = (id: string): string => `/api/v1/workflows/${id}/notifications/channels`;

const h = useEmulator();
let receiver: WebhookReceiver;

beforeEach(async () => {
	receiver = await new WebhookReceiver().start();
});
afterEach(async () => {
	await h.emulator.deliveriesIdle();
	await receiver.close();
});

function createChannel(body: Record<string, unknown>, scope = WORKSPACE) {
	return h.client.api<ChannelBody>(scope, { json: body });
}

function webhook(extra: Record<string, unknown> = {}, scope = WORKSPACE) {
	return createChannel({ channel_type: 'webhook', url: `${receiver.url}/hook`, event_types: ALL_EVENTS, description: 'test hook', ...extra }, scope);
}

function emailChannel(scope = WORKSPACE, recipient = 'ops@example.com') {
	return createChannel({ channel_type: 'email', event_types: ['job.completed'], email_config: { recipient_email: recipient } }, scope);
}

async function codeFor(channelId: string): Promise<string> {
	const outbox = await h.client.control<{ messages: Array<{ channel_id: string; code?: string; kind: string }> }>('/outbox');
	return outbox.body.messages.find((message) => message.channel_id === channelId && message.kind === 'verification')?.code ?? '';
}

async function runJob(): Promise<{ id: string; workflow_id: string }> {
	const created = await h.client.api<{ id: string; workflow_id: string }>('/api/v1/jobs/', { form: form({ request_data: requestData(PARTITION_ONLY) }, [TEXT_FILE]) });
	await h.client.waitFor(async () => (await h.client.api<{ status: string }>(`/api/v1/jobs/${created.body.id}`)).body.status, (status) => status === 'COMPLETED');
	return created.body;
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

describe('webhook channels', () => {
	it('creates an enabled webhook channel and returns a generated whsec_ secret only at creation', async () => {
		const created = await webhook();
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ channel_type: 'webhook', event_types: ALL_EVENTS, enabled: true, description: 'test hook', url: `${receiver.url}/hook`, workflow_id: null });
		expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
		expect(Buffer.from((created.body.secret ?? '').slice(6), 'base64')).toHaveLength(24);
		expect(created.body.email_config).toBeUndefined();
		const read = await h.client.api<ChannelBody>(`${WORKSPACE}/${created.body.id}`);
		expect(read.status).toBe(200);
		expect(read.body.secret).toBeUndefined();
		expect({ ...read.body }).toEqual(Object.fromEntries(Object.entries(created.body).filter(([key]) => key !== 'secret')));
		const list = await h.client.api<{ items: ChannelBody[] }>(`${WORKSPACE}?channel_type=webhook`);
		expect(list.body.items).toHaveLength(1);
		expect(list.text).not.toContain('whsec_');
	});

	it.each<[string, Record<string, unknown>, string]>([
		['a missing url', { url: undefined }, 'url'],
		['a non-http url', { url: 'ftp://example.com/x' }, 'url'],
		['empty event_types', { event_types: [] }, 'event_types'],
		['an unknown event type', { event_types: ['job.exploded'] }, 'event_types'],
		['an unknown channel_type', { channel_type: 'sms' }, 'channel_type'],
		['a non-string secret', { secret: 42 }, 'secret'],
	])('rejects %s with 422', async (_label, change, field) => {
		const response = await webhook(change);
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toContain(field);
		expect((await h.client.control('/state')).body).toMatchObject({ channels: 0 });
	});

	it('deletes a channel (204), after which it is gone (404 naming the id)', async () => {
		const { body: channel } = await webhook();
		expect((await h.client.api(`${WORKSPACE}/${channel.id}`, { method: 'DELETE' })).status).toBe(204);
		const gone = await h.client.api(`${WORKSPACE}/${channel.id}`);
		expect(gone.status).toBe(404);
		expect(detailText(gone.body)).toContain(channel.id);
		expect((await h.client.api(`${WORKSPACE}/${channel.id}`, { method: 'DELETE' })).status).toBe(404);
	});
});

describe('email channels', () => {
	it('starts disabled with a six-digit code in the outbox; a wrong code is 400, the right one 204', async () => {
		const created = await emailChannel();
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ channel_type: 'email', enabled: false, email_config: { recipient_email: 'ops@example.com', verified: false } });
		expect(created.body.url).toBeUndefined();
		expect(created.body.secret).toBeUndefined();
		const outbox = await h.client.control<{ messages: Array<Record<string, unknown>> }>('/outbox');
		expect(outbox.body.messages).toEqual([{ channel_id: created.body.id, recipient_email: 'ops@example.com', kind: 'verification', code: expect.stringMatching(/^\d{6}$/), sent_at: expect.any(String) }]);
		const code = await codeFor(created.body.id);
		const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
		const rejected = await h.client.api(`${WORKSPACE}/${created.body.id}/verify`, { json: { code: wrong } });
		expect(rejected.status).toBe(400);
		expect(detailText(rejected.body)).toContain('verification code');
		expect((await h.client.api(`${WORKSPACE}/${created.body.id}/verify`, { json: { code: 'abc' } })).status).toBe(422);
		expect((await h.client.api(`${WORKSPACE}/${created.body.id}/verify`, { json: { code: Number(code) } })).status).toBe(422);
		const verified = await h.client.api(`${WORKSPACE}/${created.body.id}/verify`, { json: { code } });
		expect(verified.status).toBe(204);
		expect(verified.text).toBe('');
		const read = await h.client.api<ChannelBody>(`${WORKSPACE}/${created.body.id}`);
		expect(read.body).toMatchObject({ enabled: true, email_config: { recipient_email: 'ops@example.com', verified: true } });
	});

	it('rejects an invalid recipient address and verification of a webhook channel', async () => {
		const invalid = await emailChannel(WORKSPACE, 'not-an-address');
		expect(invalid.status).toBe(422);
		expect(detailText(invalid.body)).toContain('recipient_email');
		const { body: hook } = await webhook();
		const verify = await h.client.api(`${WORKSPACE}/${hook.id}/verify`, { json: { code: '123456' } });
		expect(verify.status).toBe(400);
		expect((await h.client.api(`${WORKSPACE}/unknown-channel/verify`, { json: { code: '123456' } })).status).toBe(404);
	});

	it('sends event e-mails only once verified', async () => {
		const { body: channel } = await emailChannel();
		await runJob();
		const eventMails = async (): Promise<unknown[]> =>
			(await h.client.control<{ messages: Array<{ kind: string }> }>('/outbox')).body.messages.filter((message) => message.kind === 'event');
		expect(await eventMails()).toHaveLength(0);
		await h.client.api(`${WORKSPACE}/${channel.id}/verify`, { json: { code: await codeFor(channel.id) } });
		await runJob();
		expect(await eventMails()).toEqual([expect.objectContaining({ channel_id: channel.id, recipient_email: 'ops@example.com', event_type: 'job.completed' })]);
	});
});

describe('listing', () => {
	it('requires channel_type and filters by enabled', async () => {
		const missing = await h.client.api(WORKSPACE);
		expect(missing.status).toBe(422);
		expect(detailText(missing.body)).toContain('channel_type');
		expect((await h.client.api(`${WORKSPACE}?channel_type=fax`)).status).toBe(422);
		expect((await h.client.api(`${WORKSPACE}?channel_type=email&enabled=perhaps`)).status).toBe(422);
		const { body: pending } = await emailChannel();
		const { body: active } = await emailChannel(WORKSPACE, 'second@example.com');
		await h.client.api(`${WORKSPACE}/${active.id}/verify`, { json: { code: await codeFor(active.id) } });
		await webhook();
		const ids = async (query: string): Promise<string[]> => (await h.client.api<{ items: ChannelBody[] }>(`${WORKSPACE}?${query}`)).body.items.map((item) => item.id);
		expect((await ids('channel_type=email')).sort()).toEqual([pending.id, active.id].sort());
		expect(await ids('channel_type=email&enabled=true')).toEqual([active.id]);
		expect(await ids('channel_type=email&enabled=false')).toEqual([pending.id]);
		expect(await ids('channel_type=webhook')).toHaveLength(1);
	});
});

describe('workflow-scoped channels', () => {
	it('lives under its workflow only: own list, get, verify and delete', async () => {
		const scope = workflowScope(DEFAULT_WORKFLOW_ID);
		const { body: channel, status } = await emailChannel(scope);
		expect(status).toBe(200);
		expect(channel.workflow_id).toBe(DEFAULT_WORKFLOW_ID);
		const scoped = await h.client.api<{ items: ChannelBody[] }>(`${scope}?channel_type=email`);
		expect(scoped.body.items.map((item) => item.id)).toEqual([channel.id]);
		expect((await h.client.api<{ items: ChannelBody[] }>(`${WORKSPACE}?channel_type=email`)).body.items).toEqual([]);
		expect((await h.client.api(`${WORKSPACE}/${channel.id}`)).status).toBe(404);
		expect((await h.client.api<ChannelBody>(`${scope}/${channel.id}`)).body.id).toBe(channel.id);
		expect((await h.client.api(`${scope}/${channel.id}/verify`, { json: { code: await codeFor(channel.id) } })).status).toBe(204);
		expect((await h.client.api<ChannelBody>(`${scope}/${channel.id}`)).body.enabled).toBe(true);
		expect((await h.client.api(`${WORKSPACE}/${channel.id}`, { method: 'DELETE' })).status).toBe(404);
		expect((await h.client.api(`${scope}/${channel.id}`, { method: 'DELETE' })).status).toBe(204);
		expect((await h.client.api(`${scope}/${channel.id}`)).status).toBe(404);
	});

	it('accepts stored workflows and the workflow of a job; anything else is 404', async () => {
		const unknown = await webhook({}, workflowScope('no-such-workflow'));
		expect(unknown.status).toBe(404);
		expect(detailText(unknown.body)).toContain('no-such-workflow');
		expect((await h.client.api(`${workflowScope('no-such-workflow')}?channel_type=webhook`)).status).toBe(404);
		const job = await runJob();
		expect((await webhook({}, workflowScope(job.workflow_id))).status).toBe(200);
	});
});

describe('events and signed deliveries', () => {
	it('POSTs each job event, signed, in order, to a workspace webhook', async () => {
		const { body: channel } = await webhook();
		const job = await runJob();
		await h.emulator.deliveriesIdle();
		expect(receiver.received.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.completed']);
		for (const delivery of receiver.received) {
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
		expect(receiver.received).toHaveLength(1);
		const delivery = receiver.received[0] as ReceivedWebhook;
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
		const delivery = receiver.received[0] as ReceivedWebhook;
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
		expect(receiver.received).toHaveLength(1);
		expect(verifySignature(receiver.received[0] as ReceivedWebhook, 'my plain secret')).toBe(true);
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
			expect(receiver.received.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual(['job.completed', 'job.completed']);
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
		receiver.failNext(500, 503, 502);
		await runJob();
		await h.emulator.deliveriesIdle();
		expect(receiver.received).toHaveLength(3);
		expect(new Set(receiver.received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries.map((delivery) => [delivery.attempt, delivery.status_code])).toEqual([
			[1, 500],
			[2, 503],
			[3, 502],
		]);
	});

	it('stops retrying after the first success', async () => {
		await webhook({ event_types: ['job.completed'] });
		receiver.failNext(500);
		await runJob();
		await h.emulator.deliveriesIdle();
		const deliveries = (await h.client.control<{ deliveries: DeliveryBody[] }>('/deliveries')).body.deliveries;
		expect(deliveries.map((delivery) => [delivery.attempt, delivery.status_code])).toEqual([
			[1, 500],
			[2, 200],
		]);
	});

	it('times out a receiver that never answers, without holding up the job', async () => {
		await h.client.control('/config', 'POST', { webhook_timeout_ms: 100 });
		const hanging: Server = createServer(() => undefined);
		await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
		try {
			const port = (hanging.address() as AddressInfo).port;
			await createChannel({ channel_type: 'webhook', url: `http://127.0.0.1:${port}/slow`, event_types: ALL_EVENTS });
			const started = Date.now();
			await runJob();
			expect(Date.now() - started).toBeLessThan(1500);
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
