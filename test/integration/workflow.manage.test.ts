/** Integration tests of Workflow Create, Get, Get Many (filters, pages), Update (PUT) and Delete. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { useActionWorld } from './support/actionWorld';
import { failure } from './support/service';

const world = useActionWorld();
const wf = (operation: string, parameters: INodeParameters = {}) => ({ resource: 'workflow', operation, ...parameters });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const json = async (parameters: INodeParameters) => (await world.run(parameters)).output[0].map((item) => item.json);
const sent = async (method: string) => (await world.service.requests('/api/v1/workflows')).filter((request) => request.method === method);

function seedSource(id: string, name: string): void {
	const now = new Date();
	world.service.emulator.store.sources.set(id, { id, name, type: 'object-store', config: {}, secretKeys: [], created_at: now, updated_at: now, checks: [] });
}

describe('Workflow › Create', () => {
	it('sends the builder’s nodes, the source and the schedule, and returns the stored workflow', async () => {
		seedSource('src-1', 'Inbox bucket');
		const [created] = await json(
			wf('create', { name: 'Invoices', sourceId: { __rl: true, mode: 'list', value: 'src-1' }, options: { reprocessAll: true, schedule: 'daily' } }),
		);
		const [request] = await sent('POST');
		expect(request.json).toEqual({
			name: 'Invoices',
			workflow_type: 'custom',
			source_id: 'src-1',
			schedule: 'daily',
			reprocess_all: true,
			workflow_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }],
		});
		expect(created).toMatchObject({ name: 'Invoices', sources: ['src-1'], schedule: { crontab_entries: [{ cron_expression: '0 0 * * *' }] } });
	});

	it('uses a template’s nodes when asked (template_id instead of workflow_nodes)', async () => {
		const [created] = await json(wf('create', { name: 'Entities', partitioning: 'template', templateId: { __rl: true, mode: 'list', value: 'entities' } }));
		expect((await sent('POST'))[0].json).toEqual({ name: 'Entities', workflow_type: 'custom', template_id: 'entities' });
		expect((created.workflow_nodes as IDataObject[]).map((node) => node.subtype)).toEqual(['vlm', 'provider_ner']);
	});

	it('refuses a schedule without a source before sending', async () => {
		const error = await failure(world.run(wf('create', { name: 'No source', options: { schedule: 'weekly' } })));
		expect(error.message).toBe('Schedule "weekly" needs a source connector');
		expect(await sent('POST')).toHaveLength(0);
	});

	it('reports the service’s 422 for an unknown source in its own words', async () => {
		const error = await failure(world.run(wf('create', { name: 'Bad', sourceId: byId('nope') })));
		expect(error.message).toMatch(/source_id: no source connector "nope"/);
	});
});

describe('Workflow › Get, Get Many, Update, Delete', () => {
	const create = async (name: string) => (await json(wf('create', { name })))[0].id as string;

	it('gets a workflow picked from the list, and answers in the live shape too', async () => {
		const [workflow] = await json(wf('get', { workflowId: { __rl: true, mode: 'list', value: DEFAULT_WORKFLOW_ID } }));
		expect(workflow).toMatchObject({ id: DEFAULT_WORKFLOW_ID, name: 'Sample workflow', sources: [] });
		world.service.emulator.setConfig({ workflow_record_shape: 'live' });
		expect((await json(wf('get', { workflowId: byId(DEFAULT_WORKFLOW_ID) })))[0]).toMatchObject({ source_id: null, schedule: null });
	});

	it('pages through every workflow with Return All, and stops at Limit', async () => {
		for (const name of ['a', 'b', 'c', 'd', 'e']) await create(name);
		const all = await json(wf('getAll', { returnAll: true, options: { pageSize: 2, sortBy: 'name', sortDirection: 'asc' } }));
		expect(all.map((workflow) => workflow.name)).toEqual(['Sample workflow', 'a', 'b', 'c', 'd', 'e'].sort((x, y) => x.localeCompare(y)));
		expect((await sent('GET')).map((request) => request.query.page)).toEqual(['1', '2', '3', '4']);
		const limited = await json(wf('getAll', { limit: 3, options: { pageSize: 2 } }));
		expect(limited).toHaveLength(3);
	});

	it('sends the documented filters', async () => {
		const picked = (value: string) => ({ __rl: true, mode: 'list', value });
		await json(wf('getAll', { returnAll: true, filters: { status: 'inactive', name: 'x', sourceId: picked('s'), destinationId: picked('d'), createdSince: '2026-01-01T00:00:00Z' } }));
		const [request] = await sent('GET');
		expect(request.query).toMatchObject({ status: 'inactive', name: 'x', source_id: 's', destination_id: 'd', created_since: '2026-01-01T00:00:00.000Z', page: '1' });
	});

	it('updates with PUT, sending only the fields set, and removes a schedule with None', async () => {
		const id = await create('old name');
		const [updated] = await json(wf('update', { workflowId: byId(id), updateFields: { name: 'new name', schedule: 'none' } }));
		const [request] = await sent('PUT');
		expect(request.json).toEqual({ name: 'new name', schedule: null });
		expect(updated).toMatchObject({ id, name: 'new name', workflow_nodes: [expect.objectContaining({ subtype: 'vlm' })] });
	});

	it('refuses an update with nothing to change before sending, naming the steps field as the panel shows it', async () => {
		const error = await failure(world.run(wf('update', { workflowId: byId(DEFAULT_WORKFLOW_ID) })));
		expect(error.message).toBe('Nothing to update');
		expect(error.description).toBe('Pick a source or destination, set Workflow Steps to Replace Steps, or add a field under Update Fields.');
		expect(await sent('PUT')).toHaveLength(0);
	});

	it('deletes, and then names the missing workflow', async () => {
		const id = await create('short-lived');
		expect(await json(wf('delete', { workflowId: byId(id) }))).toEqual([{ id, deleted: true }]);
		const error = await failure(world.run(wf('get', { workflowId: byId(id) })));
		expect(error.message).toMatch(new RegExp(`^Workflow "${id}" was not found`));
	});
});
