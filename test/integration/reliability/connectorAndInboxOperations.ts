/** Fault-matrix rows of the connector operations (source update/delete/check, destination create) and the event inbox. */
import type { Bench } from './bench';
import { SECRET_PLAINTEXT } from './bench';
import { actionCase, json } from './actionCase';
import type { OperationUnderTest } from './operations';

async function storedSource(bench: Bench): Promise<string> {
	const created = await bench.client.api<{ id: string }>('/api/v1/sources/', { json: { name: 'Matrix bucket', type: 's3', config: { remote_url: 's3://matrix/' } } });
	if (created.status !== 200) throw new Error(`source: ${created.status} ${created.text}`);
	return created.body.id;
}

/** The events of one finished workflow run (scheduled, in progress, completed) fill the inbox. */
const withCompletedJob = async (bench: Bench): Promise<void> => {
	await bench.completedJob();
};

const unreadInStore = (bench: Bench): number => [...bench.emulator.store.events.values()].filter((event) => !event.is_read).length;

export function connectorAndInboxOperations(): OperationUnderTest[] {
	return [
		{
			name: 'source.update',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const id = await storedSource(bench);
				const config = { remote_url: 's3://matrix/updated/' };
				return actionCase(
					bench,
					{ method: 'PUT', path: `/api/v1/sources/${id}` },
					{ resource: 'source', operation: 'update', sourceId: id, connectorTypeId: 'other', connectorConfigJson: JSON.stringify(config) },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id, config }),
				);
			},
		},
		{
			name: 'source.delete',
			idempotent: true,
			// Any 2xx body is accepted (documented: a body of unspecified shape).
			readsBack: true,
			itemIndex: 0,
			effects: { deletes: 'sources' },
			prepare: async (bench) => {
				const id = await storedSource(bench);
				return actionCase(bench, { method: 'DELETE', path: `/api/v1/sources/${id}` }, { resource: 'source', operation: 'delete', sourceId: id }, undefined, (outcome) =>
					expect(json(outcome)).toEqual({ id, deleted: true }),
				);
			},
		},
		{
			name: 'source.checkConnection',
			idempotent: true,
			// A start answered without a check record is read back with GET.
			readsBack: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const id = await storedSource(bench);
				return actionCase(
					bench,
					{ method: 'POST', path: `/api/v1/sources/${id}/connection-check` },
					{ resource: 'source', operation: 'checkConnection', sourceId: id },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id: expect.any(String), status: expect.stringMatching(/^(SCHEDULED|SUCCESS)$/), source_id: id }),
				);
			},
		},
		{
			name: 'destination.create',
			idempotent: false,
			itemIndex: 0,
			effects: { before: 'secrets', creates: 'destinations' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/destinations' },
					{
						resource: 'destination',
						operation: 'create',
						destinationName: 'Matrix results',
						connectorTypeId: 'other',
						otherTypeName: 's3',
						connectorConfigJson: "={{ JSON.stringify({ remote_url: 's3://matrix-out/', secret: $json.secret }) }}",
					},
					[{ json: { secret: SECRET_PLAINTEXT } }],
					(outcome) => expect(json(outcome)).toMatchObject({ name: 'Matrix results', config: { remote_url: 's3://matrix-out/', secret: '**********' } }),
				),
		},
		{
			name: 'notification.getAll',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: withCompletedJob,
			prepare: async (bench) => {
				const ids = await bench.eventIds();
				return actionCase(bench, { method: 'GET', path: '/api/v1/notifications' }, { resource: 'notification', operation: 'getAll', returnAll: true }, undefined, (outcome) =>
					expect(outcome.output?.map((item) => item.json.id).sort()).toEqual([...ids].sort()),
				);
			},
		},
		{
			name: 'notification.markRead',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: withCompletedJob,
			prepare: async (bench) =>
				actionCase(bench, { method: 'POST', path: '/api/v1/notifications/mark-read' }, { resource: 'notification', operation: 'markRead', markBy: 'all' }, undefined, (outcome) => {
					expect(json(outcome)).toEqual({ marked_count: expect.any(Number) });
					expect(unreadInStore(bench)).toBe(0);
				}),
		},
		{
			name: 'notification.getUnreadCount',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: withCompletedJob,
			prepare: async (bench) =>
				actionCase(bench, { method: 'GET', path: '/api/v1/notifications/unread-count' }, { resource: 'notification', operation: 'getUnreadCount' }, undefined, (outcome) =>
					expect(json(outcome)).toEqual({ unread_count: unreadInStore(bench) }),
				),
		},
	];
}
