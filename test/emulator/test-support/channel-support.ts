/** Shared by the emulator's channel and event test files: scopes, a webhook receiver per test, the calls they make. */
import type { ChannelResponse as ChannelBody } from '../channels/channel-input';
import { form } from './client';
import { PARTITION_ONLY, TEXT_FILE, requestData, useEmulator } from './fixtures';
import { WebhookReceiver } from './webhook-receiver';

export const ALL_EVENTS = ['job.scheduled', 'job.in_progress', 'job.completed', 'job.stopped', 'job.failed'];
export const WORKSPACE = '/api/v1/notifications/channels';
export const workflowScope = (id: string): string => `/api/v1/workflows/${id}/notifications/channels`;

/** An emulator for the file, and a fresh webhook receiver for each test (`world.receiver`). */
export function useChannelWorld() {
	const h = useEmulator();
	const createChannel = (body: Record<string, unknown>, scope = WORKSPACE) => h.client.api<ChannelBody>(scope, { json: body });
	const world = {
		h,
		receiver: undefined as unknown as WebhookReceiver,
		createChannel,
		webhook: (extra: Record<string, unknown> = {}, scope = WORKSPACE) =>
			createChannel({ channel_type: 'webhook', url: `${world.receiver.url}/hook`, event_types: ALL_EVENTS, description: 'test hook', ...extra }, scope),
		runJob: async (): Promise<{ id: string; workflow_id: string }> => {
			const created = await h.client.api<{ id: string; workflow_id: string }>('/api/v1/jobs/', { form: form({ request_data: requestData(PARTITION_ONLY) }, [TEXT_FILE]) });
			await h.client.waitFor(async () => (await h.client.api<{ status: string }>(`/api/v1/jobs/${created.body.id}`)).body.status, (status) => status === 'COMPLETED');
			return created.body;
		},
	};
	beforeEach(async () => {
		world.receiver = await new WebhookReceiver().start();
	});
	afterEach(async () => {
		await h.emulator.deliveriesIdle();
		await world.receiver.close();
	});
	return world;
}
