import { DEFAULT_WORKFLOW_ID } from './index';
import { detailText } from './test-support/client';
import type { ChannelResponse as ChannelBody } from './channels/channel-input';
import { ALL_EVENTS, WORKSPACE, workflowScope, useChannelWorld } from './test-support/channel-support';

const world = useChannelWorld();
const { h, createChannel, webhook, runJob } = world;

function emailChannel(scope = WORKSPACE, recipient = 'ops@example.com') {
	return createChannel({ channel_type: 'email', event_types: ['job.completed'], email_config: { recipient_email: recipient } }, scope);
}

async function codeFor(channelId: string): Promise<string> {
	const outbox = await h.client.control<{ messages: Array<{ channel_id: string; code?: string; kind: string }> }>('/outbox');
	return outbox.body.messages.find((message) => message.channel_id === channelId && message.kind === 'verification')?.code ?? '';
}

describe('webhook channels', () => {
	it('creates an enabled webhook channel and returns a generated whsec_ secret only at creation', async () => {
		const created = await webhook();
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ channel_type: 'webhook', event_types: ALL_EVENTS, enabled: true, description: 'test hook', url: `${world.receiver.url}/hook`, workflow_id: null });
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
