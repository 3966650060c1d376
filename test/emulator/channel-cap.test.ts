import { DEFAULT_WORKFLOW_ID } from './index';
import { detailText } from './test-support/client';
import { WORKSPACE, workflowScope, useChannelWorld } from './test-support/channel-support';

const world = useChannelWorld();
const { h, createChannel, webhook } = world;

async function fill(count: number, scope = WORKSPACE): Promise<void> {
	for (let index = 0; index < count; index++) expect((await webhook({ description: `hook ${index}` }, scope)).status).toBe(200);
}

describe('channels per scope (documented: at most 50)', () => {
	it('holds 50 channels in the workspace by default and refuses the 51st with 422 naming the cap', async () => {
		await fill(50);
		const refused = await webhook();
		expect(refused.status).toBe(422);
		expect(detailText(refused.body)).toContain('at most 50');
		expect((await h.client.control('/state')).body).toMatchObject({ channels: 50 });
	});

	it('counts every channel type and each scope on its own, and frees a place when one is deleted', async () => {
		await h.client.control('/config', 'POST', { max_channels_per_scope: 2 });
		await fill(1);
		expect((await createChannel({ channel_type: 'email', event_types: ['job.completed'], email_config: { recipient_email: 'ops@example.com' } })).status).toBe(200);
		expect((await webhook()).status).toBe(422);
		// A workflow's scope has its own count.
		await fill(2, workflowScope(DEFAULT_WORKFLOW_ID));
		expect((await webhook({}, workflowScope(DEFAULT_WORKFLOW_ID))).status).toBe(422);
		const list = await h.client.api<{ items: Array<{ id: string }> }>(`${WORKSPACE}?channel_type=webhook`);
		expect((await h.client.api(`${WORKSPACE}/${list.body.items[0].id}`, { method: 'DELETE' })).status).toBe(204);
		expect((await webhook()).status).toBe(200);
	});

	it('refuses a cap below 1', async () => {
		expect((await h.client.control('/config', 'POST', { max_channels_per_scope: 0 })).status).toBe(422);
	});
});
