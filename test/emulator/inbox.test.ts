/** The notification inbox in the emulator: list (filters, cursor), mark read (exactly one chooser), unread count (both paths). */
import type { NotificationEvent } from './channels/channel-types';
import { seedEvents } from './test-support/event-seed';
import { useEmulator } from './test-support/fixtures';

interface Page {
	events: NotificationEvent[];
	next_cursor: string | null;
}

const WORKFLOW = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';
const h = useEmulator();

const list = async (query = '') => await h.client.api<Page>(`/api/v1/notifications${query}`);
const markRead = async (json: unknown) => await h.client.api<{ marked_count: number; detail?: unknown }>('/api/v1/notifications/mark-read', { json });

describe('GET /api/v1/notifications', () => {
	it('pages newest first with a cursor until next_cursor is null', async () => {
		const seeded = seedEvents(h.emulator.store, 7);
		const ids: string[] = [];
		let cursor: string | null = null;
		let pages = 0;
		do {
			const answer: { status: number; body: Page } = await list(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
			expect(answer.status).toBe(200);
			ids.push(...answer.body.events.map((event) => event.id));
			cursor = answer.body.next_cursor;
			pages++;
		} while (cursor !== null);
		expect(pages).toBe(3);
		expect(ids).toEqual(seeded.map((event) => event.id).reverse());
		// Without a limit, 50.
		seedEvents(h.emulator.store, 50);
		expect((await list()).body.events).toHaveLength(50);
	});

	it('filters by workflow, event types, since and unread', async () => {
		const [old] = seedEvents(h.emulator.store, 1, { workflowId: WORKFLOW, eventType: 'job.failed', from: new Date('2025-01-01T00:00:00Z') });
		const [fresh] = seedEvents(h.emulator.store, 1, { workflowId: WORKFLOW, eventType: 'job.completed', from: new Date('2025-06-01T00:00:00Z') });
		const [other] = seedEvents(h.emulator.store, 1, { eventType: 'job.completed', isRead: true });
		const idsOf = async (query: string) => (await list(query)).body.events.map((event) => event.id);
		expect(await idsOf(`?workflow_id=${WORKFLOW}`)).toEqual([fresh.id, old.id]);
		expect(await idsOf('?event_types=job.failed,job.stopped')).toEqual([old.id]);
		expect(await idsOf('?since=2025-03-01T00:00:00Z')).toEqual([fresh.id, other.id]);
		expect(await idsOf('?unread_only=true')).toEqual([fresh.id, old.id]);
	});

	it.each([['?limit=0'], ['?limit=101'], ['?since=yesterday'], ['?workflow_id=abc'], ['?cursor=bm9wZQ'], ['?unread_only=maybe']])('refuses %s with 422', async (query) => {
		expect((await list(query)).status).toBe(422);
	});
});

describe('POST /api/v1/notifications/mark-read and the unread count', () => {
	it('marks by ids, before a time (in a workflow) or all, counting only newly read events', async () => {
		const early = seedEvents(h.emulator.store, 2, { workflowId: WORKFLOW, from: new Date('2025-01-01T00:00:00Z') });
		const late = seedEvents(h.emulator.store, 3, { from: new Date('2025-06-01T00:00:00Z') });
		const count = async (query = '') => (await h.client.api<{ unread_count: number }>(`/api/v1/notifications/unread-count${query}`)).body.unread_count;
		expect(await count()).toBe(5);
		expect(await count(`?workflow_id=${WORKFLOW}`)).toBe(2);

		expect((await markRead({ notification_ids: [late[0].id] })).body).toEqual({ marked_count: 1 });
		expect((await markRead({ notification_ids: [late[0].id] })).body).toEqual({ marked_count: 0 });
		expect((await markRead({ before: '2025-12-31T00:00:00Z', workflow_id: WORKFLOW })).body).toEqual({ marked_count: 2 });
		expect(early.every((event) => h.emulator.store.events.get(event.id)?.is_read)).toBe(true);
		expect(await count()).toBe(2);
		expect((await markRead({ mark_all: true })).body).toEqual({ marked_count: 2 });
		expect(await count()).toBe(0);
	});

	it.each([
		['nothing', {}],
		['two choosers', { mark_all: true, before: '2025-01-01T00:00:00Z' }],
		['mark_all false alone', { mark_all: false }],
		['workflow_id with ids', { notification_ids: ['3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718'], workflow_id: WORKFLOW }],
		['an id that is no UUID', { notification_ids: ['abc'] }],
		['101 ids', { notification_ids: Array.from({ length: 101 }, () => '3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718') }],
		['a before that is no date', { before: 'soon' }],
	])('refuses %s with 422', async (_name, body) => {
		expect((await markRead(body)).status).toBe(422);
	});

	it('serves the count at /notifications/count instead when so configured', async () => {
		seedEvents(h.emulator.store, 2);
		h.emulator.setConfig({ unread_count_path: 'count' });
		expect((await h.client.api('/api/v1/notifications/unread-count')).status).toBe(404);
		expect((await h.client.api('/api/v1/notifications/count')).body).toEqual({ unread_count: 2 });
		h.emulator.setConfig({ unread_count_path: 'unread-count' });
		expect((await h.client.api('/api/v1/notifications/count')).status).toBe(404);
	});
});
