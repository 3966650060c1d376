/** Integration tests of the event inbox: Get Many (filters, cursor pages), Mark as Read, Get Unread Count. */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { seedEvents } from '../emulator/test-support/event-seed';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

const WORKFLOW = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';
let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => await service.stop());
beforeEach(() => service.emulator.reset());

const run = async (operation: string, parameters: INodeParameters = {}, items?: HarnessItem[]) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters: { resource: 'notification', operation, ...parameters }, items, credentials: service.credentials });
const sent = async () => (await service.requests('/api/v1/notifications')).map((r) => ({ method: r.method, path: r.path, query: r.query, json: r.json }));

describe('Notification Event → Get Many', () => {
	it('follows the cursor for Return All, newest first, one item per event', async () => {
		const events = seedEvents(service.emulator.store, 130);
		const result = await run('getAll', { returnAll: true });
		expect(result.output[0].map((item) => item.json.id)).toEqual(events.map((event) => event.id).reverse());
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
		const pages = await sent();
		expect(pages.map((page) => page.query.limit)).toEqual(['100', '100']);
		expect(pages[0].query.cursor).toBeUndefined();
		expect(pages[1].query.cursor).toEqual(expect.any(String));
	});

	it('asks only for what the Limit still needs', async () => {
		seedEvents(service.emulator.store, 130);
		expect((await run('getAll', { returnAll: false, limit: 120 })).output[0]).toHaveLength(120);
		expect((await sent()).map((page) => page.query.limit)).toEqual(['100', '20']);
	});

	it('sends the filters as the documented query', async () => {
		const [wanted] = seedEvents(service.emulator.store, 1, { workflowId: WORKFLOW, eventType: 'job.failed', from: new Date('2025-06-01T00:00:00Z') });
		seedEvents(service.emulator.store, 1, { workflowId: WORKFLOW, eventType: 'job.failed', isRead: true, from: new Date('2025-06-02T00:00:00Z') });
		seedEvents(service.emulator.store, 2, { eventType: 'job.completed', from: new Date('2025-06-01T00:00:00Z') });
		const filters = { workflowId: WORKFLOW, eventTypes: ['job.failed', 'job.stopped'], since: '2025-05-01T00:00:00.000Z', unreadOnly: true };
		const result = await run('getAll', { returnAll: true, filters });
		expect(result.output[0].map((item) => item.json.id)).toEqual([wanted.id]);
		expect((await sent())[0].query).toEqual({ workflow_id: WORKFLOW, event_types: 'job.failed,job.stopped', since: '2025-05-01T00:00:00.000Z', unread_only: 'true', limit: '100' });
	});

	it('reads a picked time without a zone in the workflow’s time zone, and keeps a given zone', async () => {
		const inZone = async (timezone: string, since: string) => {
			await executeNode({ nodeType: new DocumentProcessing(), parameters: { resource: 'notification', operation: 'getAll', filters: { since } }, credentials: service.credentials, timezone });
			const [last] = (await sent()).slice(-1);
			return last.query.since;
		};
		expect(await inZone('Europe/Berlin', '2025-07-01T12:00:00')).toBe('2025-07-01T10:00:00.000Z');
		expect(await inZone('America/New_York', '2025-01-15T12:00:00')).toBe('2025-01-15T17:00:00.000Z');
		expect(await inZone('Europe/Berlin', '2025-07-01T12:00:00+00:00')).toBe('2025-07-01T12:00:00.000Z');
	});

	it('stops with an error when the service gives the same cursor twice', async () => {
		// A cursor the emulator can read, so only the answers are replaced.
		const again = Buffer.from('2025-01-01T00:00:00.000Z|x').toString('base64url');
		await service.control('faults', { body: { method: 'GET', path: '/api/v1/notifications', times: 2, body: { events: [], next_cursor: again } } });
		const error = await failure(run('getAll', { returnAll: true }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The service returned the same page cursor twice while listing notification events');
	});

	it('refuses an unknown event type or a bad date before any request', async () => {
		const type = await failure(run('getAll', { filters: { eventTypes: ['job.finished'] } }));
		expect(type.message).toBe('Filters → Event Types: "job.finished" is not an event type');
		const since = await failure(run('getAll', { filters: { since: '={{ "last week" }}' } }));
		expect(since.message).toBe('Filters → Since "last week" is not a date');
		expect(await sent()).toEqual([]);
	});
});

describe('Notification Event → Mark as Read', () => {
	it('marks events by ID (a list from an expression or comma-separated text)', async () => {
		const events = seedEvents(service.emulator.store, 3);
		const byList = await run('markRead', { markBy: 'ids', notificationIds: '={{ $json.ids }}' }, [{ json: { ids: [events[0].id, events[1].id] } }]);
		expect(byList.output[0][0].json).toEqual({ marked_count: 2 });
		const byText = await run('markRead', { markBy: 'ids', notificationIds: `${events[1].id}, ${events[2].id}` });
		expect(byText.output[0][0].json).toEqual({ marked_count: 1 });
		expect((await sent()).map((request) => request.json)).toEqual([{ notification_ids: [events[0].id, events[1].id] }, { notification_ids: [events[1].id, events[2].id] }]);
	});

	it('marks the events before a time or all of them, optionally of one workflow', async () => {
		seedEvents(service.emulator.store, 2, { workflowId: WORKFLOW, from: new Date('2025-01-01T00:00:00Z') });
		seedEvents(service.emulator.store, 2, { from: new Date('2025-01-01T00:00:00Z') });
		const before = await run('markRead', { markBy: 'before', before: '2025-02-01T00:00:00Z', markOptions: { workflowId: WORKFLOW } });
		expect(before.output[0][0].json).toEqual({ marked_count: 2 });
		expect((await run('markRead', { markBy: 'all' })).output[0][0].json).toEqual({ marked_count: 2 });
		expect((await sent()).map((request) => request.json)).toEqual([{ before: '2025-02-01T00:00:00.000Z', workflow_id: WORKFLOW }, { mark_all: true }]);
	});

	it.each<[string, INodeParameters, RegExp]>([
		['no IDs', { markBy: 'ids', notificationIds: '={{ "" }}' }, /^Notification IDs is empty$/],
		['an ID that is no UUID', { markBy: 'ids', notificationIds: '3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718, abc' }, /^Notification IDs \(entry 2\) "abc" is not a valid ID$/],
		['101 IDs', { markBy: 'ids', notificationIds: Array.from({ length: 101 }, () => '3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718').join(',') }, /^Notification IDs has 101 IDs: at most 100 fit in one request$/],
		['a time that is no date', { markBy: 'before', before: '={{ "soon" }}' }, /^Before "soon" is not a date$/],
		['a workflow that is no UUID', { markBy: 'all', markOptions: { workflowId: 'my flow' } }, /^Options → Workflow ID "my flow" is not a valid ID$/],
		['a workflow together with IDs', { markBy: '={{ "ids" }}', notificationIds: '3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718', before: '2025-01-01T00:00:00Z', markOptions: { workflowId: WORKFLOW } }, /^Options → Workflow ID applies only to Mark › Events Before a Time or All Events$/],
		['an unknown way of choosing', { markBy: '={{ "some" }}', notificationIds: 'x', before: '2025-01-01T00:00:00Z' }, /^Mark "some" is not a way of choosing events$/],
	])('refuses %s before any request', async (_name, parameters, message) => {
		const error = await failure(run('markRead', parameters));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(await sent()).toEqual([]);
	});
});

describe('Notification Event → Get Unread Count', () => {
	it('counts unread events, of one workflow when given', async () => {
		seedEvents(service.emulator.store, 3);
		seedEvents(service.emulator.store, 2, { workflowId: WORKFLOW });
		expect((await run('getUnreadCount')).output[0][0].json).toEqual({ unread_count: 5 });
		expect((await run('getUnreadCount', { filters: { workflowId: WORKFLOW } })).output[0][0].json).toEqual({ unread_count: 2, workflow_id: WORKFLOW });
		expect((await sent()).map((r) => `${r.path}?${new URLSearchParams(r.query as Record<string, string>).toString()}`)).toEqual([
			'/api/v1/notifications/unread-count?',
			`/api/v1/notifications/unread-count?workflow_id=${WORKFLOW}`,
		]);
	});

	it('falls back to /notifications/count where the service has that path', async () => {
		seedEvents(service.emulator.store, 4);
		service.emulator.setConfig({ unread_count_path: 'count' });
		expect((await run('getUnreadCount')).output[0][0].json).toEqual({ unread_count: 4 });
		expect((await sent()).map((r) => [r.path, r.method])).toEqual([
			['/api/v1/notifications/unread-count', 'GET'],
			['/api/v1/notifications/count', 'GET'],
		]);
	});

	it('reports the first answer when neither path exists, and other errors as they are', async () => {
		await service.control('faults', { body: { path: '/api/v1/notifications/count', status: 404, detail: 'no such route' } });
		await service.control('faults', { body: { path: '/api/v1/notifications/unread-count', status: 405, detail: 'method not allowed here' } });
		const both = await failure(run('getUnreadCount'));
		expect(both).toBeInstanceOf(NodeApiError);
		expect(both.message).toContain('method not allowed here');
		await service.control('faults', { body: { path: '/api/v1/notifications/unread-count', status: 403, detail: 'forbidden' } });
		const forbidden = await failure(run('getUnreadCount'));
		expect(forbidden.message).toContain('forbidden');
		expect((await sent()).filter((r) => r.path === '/api/v1/notifications/count')).toHaveLength(1);
	});
});
