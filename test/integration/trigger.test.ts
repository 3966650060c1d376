import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { createHookHarness, type HookHarness } from '../harness';
import { bridgedTrigger, registrations, type TriggerSetup, useTriggerWorld } from './support/trigger';

const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20 });

const LIFE = ['job.scheduled', 'job.in_progress', 'job.completed'];
const workflowScope = { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } };

const trigger = (setup: TriggerSetup = {}): HookHarness => bridgedTrigger(world.service, world.bridge, setup);
const channels = () => [...world.service.emulator.store.channels.values()];

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
