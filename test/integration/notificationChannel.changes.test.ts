/** Notification Channel → Update and Delete through n8n-core, in both scopes, with the answer shapes the interface leaves open. */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
});

const channel = (operation: string, parameters: INodeParameters = {}) => ({ resource: 'notificationChannel', operation, ...parameters });
const run = async (parameters: INodeParameters, items?: HarnessItem[], continueOnFail = false) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials, continueOnFail });
const UNKNOWN = '0b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10';

type ScopeCase = [label: string, scope: INodeParameters, prefix: string];
const SCOPES: ScopeCase[] = [
	['workspace', { scope: 'workspace' }, '/api/v1/notifications/channels'],
	['one workflow', { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } }, `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`],
];

describe.each(SCOPES)('notification channel changes, %s scope', (_label, scope, prefix) => {
	const createWebhook = async (): Promise<string> => {
		const created = await run(channel('create', { ...scope, url: 'https://example.com/old', eventTypes: ['job.completed'], description: 'before' }));
		await service.control('requests', { method: 'DELETE' });
		return String(created.output[0][0].json.id);
	};
	const sent = async () => (await service.requests('/api/v1')).map((request) => ({ method: request.method, path: request.path, json: request.json, status: request.status }));

	it('Update sends only the fields the user added, as PATCH, and outputs the changed channel', async () => {
		const id = await createWebhook();
		const result = await run(channel('update', { ...scope, channelId: id, updateFields: { enabled: false } }));
		expect(result.output[0]).toEqual([{ json: expect.objectContaining({ id, enabled: false, description: 'before', url: 'https://example.com/old' }), pairedItem: { item: 0 } }]);
		expect(await sent()).toEqual([{ method: 'PATCH', path: `${prefix}/${id}`, json: { enabled: false }, status: 200 }]);

		await service.control('requests', { method: 'DELETE' });
		const all = await run(channel('update', { ...scope, channelId: id, updateFields: { enabled: true, eventTypes: ['job.failed', 'job.stopped'], description: '  after ', url: 'https://example.com/new' } }));
		expect(all.output[0][0].json).toMatchObject({ enabled: true, event_types: ['job.failed', 'job.stopped'], description: 'after', url: 'https://example.com/new' });
		expect((await sent())[0].json).toEqual({ enabled: true, event_types: ['job.failed', 'job.stopped'], description: 'after', url: 'https://example.com/new' });
	});

	it('Update reads the channel back when the service answers 204', async () => {
		service.emulator.setConfig({ channel_update_reply: 'no_content' });
		const id = await createWebhook();
		const result = await run(channel('update', { ...scope, channelId: id, updateFields: { description: 'quiet' } }));
		expect(result.output[0][0].json).toMatchObject({ id, description: 'quiet', channel_type: 'webhook' });
		expect((await sent()).map((call) => [call.method, call.status])).toEqual([
			['PATCH', 204],
			['GET', 200],
		]);
	});

	it('Update surfaces the service’s refusal to enable an unverified e-mail channel', async () => {
		const created = await run(channel('create', { ...scope, channelType: 'email', recipientEmail: 'ops@example.com' }));
		const error = await failure(run(channel('update', { ...scope, channelId: created.output[0][0].json.id as string, updateFields: { enabled: true } })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/not verified; verify it with the e-mailed code/);
		expect((error as NodeApiError).httpCode).toBe('409');
	});

	it('Delete removes the channel and outputs what was deleted; the service answering 200 with a body gives the same', async () => {
		const id = await createWebhook();
		const result = await run(channel('delete', { ...scope, channelId: id }));
		const scoped = scope.scope === 'workflow' ? { workflow_id: DEFAULT_WORKFLOW_ID } : {};
		expect(result.output[0]).toEqual([{ json: { id, ...scoped, deleted: true }, pairedItem: { item: 0 } }]);
		expect(await sent()).toEqual([{ method: 'DELETE', path: `${prefix}/${id}`, json: undefined, status: 204 }]);

		service.emulator.setConfig({ channel_delete_reply: 'channel' });
		const other = await createWebhook();
		expect((await run(channel('delete', { ...scope, channelId: other }))).output[0][0].json).toEqual({ id: other, ...scoped, deleted: true });
		expect((await sent()).map((call) => call.status)).toEqual([200]);
		expect((await service.counts()).channels).toBe(0);
	});

	it('Delete of an unknown channel fails with 404 naming it', async () => {
		const error = await failure(run(channel('delete', { ...scope, channelId: UNKNOWN })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(new RegExp(`Notification channel "${UNKNOWN}".* was not found`));
	});

	it('Delete whose answer was lost succeeds: the resend meets 404 because the first attempt deleted it', async () => {
		const id = await createWebhook();
		await service.control('faults', { body: { method: 'DELETE', path: `${prefix}/${id}`, reset: 'after_read' } });
		const result = await run(channel('delete', { ...scope, channelId: id }));
		expect(result.output[0][0].json).toMatchObject({ id, deleted: true });
		expect((await sent()).map((call) => [call.method, call.status])).toEqual([
			['DELETE', undefined],
			['DELETE', 404],
		]);
	});

	it('Update is resent after a broken connection, since setting the same values twice changes nothing', async () => {
		const id = await createWebhook();
		await service.control('faults', { body: { method: 'PATCH', path: `${prefix}/${id}`, reset: 'after_read' } });
		const result = await run(channel('update', { ...scope, channelId: id, updateFields: { eventTypes: ['job.failed'] } }));
		expect(result.output[0][0].json).toMatchObject({ id, event_types: ['job.failed'] });
		expect((await sent()).map((call) => [call.method, call.status])).toEqual([
			['PATCH', undefined],
			['PATCH', 200],
		]);
	});
});

describe('local checks before any request', () => {
	it.each([
		['nothing to update', {}, /^Nothing to update$/],
		['an empty event list', { eventTypes: [] }, /Event Types is empty/],
		['an unknown event', { eventTypes: '={{ ["job.done"] }}' }, /unknown event: job.done/],
		['a URL that is not http(s)', { url: 'ftp://example.com/x' }, /URL "ftp:\/\/example.com\/x" is not an http\(s\) address/],
	])('Update refuses %s', async (_what, updateFields, message) => {
		const error = await failure(run(channel('update', { channelId: 'c1', updateFields: updateFields as INodeParameters })));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(await service.requests('/api/v1')).toHaveLength(0);
	});

	it.each(['update', 'delete'])('%s refuses a channel id that cannot be one', async (operation) => {
		const error = await failure(run(channel(operation, { channelId: 'not an id', ...(operation === 'update' ? { updateFields: { enabled: false } } : {}) })));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/Channel ID "not an id" is not a valid ID/);
		expect(await service.requests('/api/v1')).toHaveLength(0);
	});

	it('names the failing item and keeps the others with continue-on-fail', async () => {
		const created = await run(channel('create', { url: 'https://example.com/x' }));
		const items: HarnessItem[] = [{ json: { id: created.output[0][0].json.id as string } }, { json: { id: UNKNOWN } }];
		const result = await run(channel('delete', { channelId: '={{ $json.id }}' }), items, true);
		expect(result.output[0][0].json).toMatchObject({ deleted: true });
		expect(result.output[0][1]).toEqual({ json: expect.objectContaining({ error: expect.stringMatching(/was not found/), httpCode: '404' }), pairedItem: { item: 1 } });
	});
});
