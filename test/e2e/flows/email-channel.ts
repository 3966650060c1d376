/** Flow 4: an e-mail channel in one workflow's scope → the code from the emulator's outbox → Verify → Get Many → Get. */
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { nodeOutputJson } from '../n8n';
import type { FlowsContext } from './flow-context';

export function emailChannelFlow(flows: FlowsContext): void {
	const { suite, execute, requests } = flows;
	it('flow 4: e-mail channel for one workflow → code from the outbox → Verify → Get Many → Get', async () => {
		const { client } = suite;
		// Channels the listing must leave out: an unverified one in the same scope, and a workspace one.
		const unverified = await client.api<{ id: string }>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`, {
			json: { channel_type: 'email', email_config: { recipient_email: 'nobody@e2e.example.com' }, event_types: ['job.completed'] },
		});
		expect(unverified.status).toBe(200);
		const workspace = await client.api<{ id: string }>('/api/v1/notifications/channels', {
			json: { channel_type: 'email', email_config: { recipient_email: 'workspace@e2e.example.com' }, event_types: ['job.completed'] },
		});
		expect(workspace.status).toBe(200);

		const run = await execute('email-channel.json');

		const [created] = nodeOutputJson(run.data, 'Create Channel');
		expect(created).toMatchObject({
			channel_type: 'email',
			enabled: false,
			workflow_id: DEFAULT_WORKFLOW_ID,
			event_types: ['job.completed', 'job.failed'],
			description: 'E2E: tell the finance team',
			email_config: { recipient_email: 'finance@e2e.example.com', verified: false },
			verification: 'pending',
		});
		const channelId = String(created.id);
		const { messages } = (await client.control<{ messages: Array<{ channel_id: string; kind: string; code?: string }> }>('/outbox')).body;
		const code = messages.find((m) => m.channel_id === channelId && m.kind === 'verification')?.code;
		expect(code).toMatch(/^\d{6}$/);

		expect(nodeOutputJson(run.data, 'Verify')).toEqual([
			expect.objectContaining({ id: channelId, workflow_id: DEFAULT_WORKFLOW_ID, verified: true }),
		]);
		const listed = nodeOutputJson(run.data, 'Get Many');
		expect(listed.map((channel) => channel.id)).toEqual([channelId]);
		expect(nodeOutputJson(run.data, 'Get')).toEqual([
			expect.objectContaining({
				id: channelId,
				enabled: true,
				workflow_id: DEFAULT_WORKFLOW_ID,
				email_config: { recipient_email: 'finance@e2e.example.com', verified: true },
			}),
		]);

		// Every call went to the workflow-scoped routes, and the code the service sent is the one verified.
		const calls = (await requests()).map((r) => ({ method: r.method, path: r.path, json: r.json, status: r.status }));
		const scoped = `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`;
		expect(calls).toEqual([
			expect.objectContaining({ method: 'POST', path: scoped, status: 200 }),
			{ method: 'POST', path: `${scoped}/${channelId}/verify`, json: { code }, status: 204 },
			expect.objectContaining({ method: 'GET', path: scoped, status: 200 }),
			expect.objectContaining({ method: 'GET', path: `${scoped}/${channelId}`, status: 200 }),
		]);
	}, 5 * 60_000);
}
