/** The routes the interface leaves out but the service has: channel update/delete, job list/cancel. */
import { DEFAULT_WORKFLOW_ID } from './index';
import type { ChannelResponse as ChannelBody } from './channels/channel-input';
import type { JobResponse as JobBody } from './jobs/job-view';
import { detailText, form } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, requestData, useEmulator } from './test-support/fixtures';

const h = useEmulator();
const UNKNOWN = '4e4f0a4e-0000-4000-8000-000000000000';

const SCOPES: Array<[string, string]> = [
	['workspace', '/api/v1/notifications/channels'],
	['one workflow', `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`],
];

const createJob = async () =>
	(await h.client.api<JobBody>('/api/v1/jobs/', { form: form({ request_data: requestData(PARTITION_ONLY) }, [TEXT_FILE]) })).body;
const getJob = async (id: string) => (await h.client.api<JobBody>(`/api/v1/jobs/${id}`)).body;
const cancel = async (id: string) => await h.client.api<JobBody>(`/api/v1/jobs/${id}/cancel`, { method: 'POST' });
const eventsOf = async (jobId: string) =>
	(await h.client.control<{ events: Array<{ event_type: string; payload: { job_id: string } }> }>('/events')).body.events
		.filter((event) => event.payload.job_id === jobId)
		.map((event) => event.event_type);

describe.each(SCOPES)('channel update and delete, %s scope', (_label, prefix) => {
	const webhook = async () =>
		(await h.client.api<ChannelBody>(prefix, { json: { channel_type: 'webhook', url: 'http://127.0.0.1:9/a', event_types: ['job.completed'], description: 'old' } })).body;
	const patch = async (id: string, json: unknown) => await h.client.api<ChannelBody>(`${prefix}/${id}`, { method: 'PATCH', json });

	it('PATCH changes only the fields sent and answers the channel', async () => {
		const channel = await webhook();
		const changed = await patch(channel.id, { enabled: false, event_types: ['job.failed', 'job.stopped'], url: 'https://example.com/new' });
		expect(changed.status).toBe(200);
		expect(changed.body).toMatchObject({ id: channel.id, enabled: false, event_types: ['job.failed', 'job.stopped'], url: 'https://example.com/new', description: 'old' });
		expect(changed.body.secret).toBeUndefined();
		expect(Date.parse(changed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(channel.updated_at));
		expect((await h.client.api<ChannelBody>(`${prefix}/${channel.id}`)).body).toEqual(changed.body);
		expect((await patch(channel.id, { description: 'new' })).body).toMatchObject({ description: 'new', enabled: false, url: 'https://example.com/new' });
	});

	it('PATCH refuses an empty change, unknown keys, bad values and a url on an e-mail channel (422)', async () => {
		const channel = await webhook();
		for (const [body, field] of [
			[{}, 'no field to change'],
			[{ secret: 'whsec_x' }, 'secret'],
			[{ enabled: 'yes' }, 'enabled'],
			[{ event_types: [] }, 'event_types'],
			[{ url: 'ftp://x' }, 'url'],
		] as Array<[unknown, string]>) {
			const answer = await patch(channel.id, body);
			expect(answer.status).toBe(422);
			expect(detailText(answer.body)).toContain(field);
		}
		const email = (await h.client.api<ChannelBody>(prefix, { json: { channel_type: 'email', email_config: { recipient_email: 'a@example.com' }, event_types: ['job.failed'] } })).body;
		const url = await patch(email.id, { url: 'https://example.com' });
		expect(url.status).toBe(422);
		expect(detailText(url.body)).toContain('only webhook channels have a url');
	});

	it('PATCH cannot enable an unverified e-mail channel (409), and can after verification', async () => {
		const email = (await h.client.api<ChannelBody>(prefix, { json: { channel_type: 'email', email_config: { recipient_email: 'a@example.com' }, event_types: ['job.failed'] } })).body;
		const refused = await patch(email.id, { enabled: true });
		expect(refused.status).toBe(409);
		expect(detailText(refused.body)).toMatch(/not verified/);
		const { messages } = (await h.client.control<{ messages: Array<{ channel_id: string; code?: string }> }>('/outbox')).body;
		const code = messages.find((message) => message.channel_id === email.id)?.code;
		expect((await h.client.api(`${prefix}/${email.id}/verify`, { json: { code } })).status).toBe(204);
		expect((await patch(email.id, { enabled: false })).body.enabled).toBe(false);
		expect((await patch(email.id, { enabled: true })).body.enabled).toBe(true);
	});

	it('answers 404 for unknown ids, and for a channel of the other scope', async () => {
		expect((await patch(UNKNOWN, { enabled: false })).status).toBe(404);
		expect((await h.client.api(`${prefix}/${UNKNOWN}`, { method: 'DELETE' })).status).toBe(404);
		const other = SCOPES.find(([, p]) => p !== prefix)![1];
		const foreign = (await h.client.api<ChannelBody>(other, { json: { channel_type: 'webhook', url: 'http://127.0.0.1:9/b', event_types: ['job.failed'] } })).body;
		const answer = await patch(foreign.id, { enabled: false });
		expect(answer.status).toBe(404);
		expect(detailText(answer.body)).toContain(foreign.id);
	});

	it('with channel_update_reply no_content PATCH answers 204; with channel_delete_reply channel DELETE answers 200 and the channel', async () => {
		h.emulator.setConfig({ channel_update_reply: 'no_content', channel_delete_reply: 'channel' });
		const channel = await webhook();
		const changed = await patch(channel.id, { description: 'quiet' });
		expect(changed.status).toBe(204);
		expect(changed.text).toBe('');
		const deleted = await h.client.api<ChannelBody>(`${prefix}/${channel.id}`, { method: 'DELETE' });
		expect(deleted.status).toBe(200);
		expect(deleted.body).toMatchObject({ id: channel.id, description: 'quiet' });
		expect((await h.client.api(`${prefix}/${channel.id}`)).status).toBe(404);
	});
});

describe('job list', () => {
	it('lists the jobs newest first as a bare array, filtered by workflow_id and status', async () => {
		// The jobs must still be running when the test ends the first one as FAILED.
		h.emulator.setConfig({ job_duration_ms: 60_000 });
		const first = await createJob();
		const second = await createJob();
		const all = await h.client.api<JobBody[]>('/api/v1/jobs/');
		expect(all.status).toBe(200);
		expect(all.body.map((job) => job.id)).toEqual([second.id, first.id]);
		const one = await h.client.api<JobBody[]>(`/api/v1/jobs/?workflow_id=${first.workflow_id}`);
		expect(one.body.map((job) => job.id)).toEqual([first.id]);
		await h.emulator.finishJob(first.id, 'FAILED');
		const failed = await h.client.api<JobBody[]>('/api/v1/jobs/?status=FAILED');
		expect(failed.body.map((job) => [job.id, job.status])).toEqual([[first.id, 'FAILED']]);
		expect((await h.client.api<JobBody[]>(`/api/v1/jobs/?status=FAILED&workflow_id=${second.workflow_id}`)).body).toEqual([]);
	});

	it('answers {items} with job_list_shape items, and 422 for an unknown status', async () => {
		h.emulator.setConfig({ job_list_shape: 'items' });
		const job = await createJob();
		expect((await h.client.api<{ items: JobBody[] }>('/api/v1/jobs')).body.items.map((item) => item.id)).toEqual([job.id]);
		const bad = await h.client.api('/api/v1/jobs/?status=RUNNING');
		expect(bad.status).toBe(422);
		expect(detailText(bad.body)).toContain('status');
	});
});

describe('job cancel', () => {
	it('stops a SCHEDULED job: 200 with the STOPPED job, a job.stopped event, and no outputs', async () => {
		h.emulator.setConfig({ schedule_delay_ms: 5000 });
		const job = await createJob();
		const answer = await cancel(job.id);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id: job.id, status: 'STOPPED' });
		expect(answer.body.output_node_files).toBeUndefined();
		expect(await eventsOf(job.id)).toEqual(['job.scheduled', 'job.stopped']);
	});

	it('stops an IN_PROGRESS job and frees its slot for a waiting one', async () => {
		h.emulator.setConfig({ max_running_jobs: 1, job_duration_ms: 5000 });
		const running = await createJob();
		const waiting = await createJob();
		await h.client.waitFor(() => getJob(running.id), (job) => job.status === 'IN_PROGRESS');
		expect((await getJob(waiting.id)).status).toBe('SCHEDULED');
		expect((await cancel(running.id)).body.status).toBe('STOPPED');
		expect(await eventsOf(running.id)).toEqual(['job.scheduled', 'job.in_progress', 'job.stopped']);
		await h.client.waitFor(() => getJob(waiting.id), (job) => job.status === 'IN_PROGRESS');
	});

	it('refuses to cancel an ended job (409 naming its state) and an unknown one (404)', async () => {
		const job = await createJob();
		await h.client.waitFor(() => getJob(job.id), (current) => current.status === 'COMPLETED');
		const ended = await cancel(job.id);
		expect(ended.status).toBe(409);
		expect(detailText(ended.body)).toMatch(/has already ended as COMPLETED; only SCHEDULED or IN_PROGRESS jobs can be cancelled/);
		// Held SCHEDULED, so the first cancel stops it however slowly the test runs.
		h.emulator.setConfig({ schedule_delay_ms: 5000 });
		const again = await createJob();
		expect((await cancel(again.id)).status).toBe(200);
		expect(detailText((await cancel(again.id)).body)).toMatch(/ended as STOPPED/);
		const unknown = await cancel(UNKNOWN);
		expect(unknown.status).toBe(404);
		expect(detailText(unknown.body)).toContain(UNKNOWN);
	});

	it('answers 204 with cancel_reply no_content, and 202 then stops shortly after with accepted', async () => {
		h.emulator.setConfig({ cancel_reply: 'no_content', job_duration_ms: 5000 });
		const quiet = await createJob();
		const answered = await cancel(quiet.id);
		expect([answered.status, answered.text]).toEqual([204, '']);
		expect((await getJob(quiet.id)).status).toBe('STOPPED');

		// The stop (and the job's start) come a second later: the read right after the 202 sees it SCHEDULED on a busy machine too.
		h.emulator.setConfig({ cancel_reply: 'accepted', schedule_delay_ms: 1000 });
		const later = await createJob();
		const accepted = await cancel(later.id);
		expect(accepted.status).toBe(202);
		expect((await getJob(later.id)).status).toBe('SCHEDULED');
		await h.client.waitFor(() => getJob(later.id), (job) => job.status === 'STOPPED');
		expect((await eventsOf(later.id)).at(-1)).toBe('job.stopped');
	});
});
