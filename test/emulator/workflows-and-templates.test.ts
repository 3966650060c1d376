/** Emulator: stored-workflow management, templates and the connector lists (issue 24). */
import { detailText, form } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, useEmulator } from './test-support/fixtures';

const h = useEmulator();
type Record = { id: string; name: string; [key: string]: unknown };
const create = async (body: object) => await h.client.api<Record>('/api/v1/workflows/', { method: 'POST', json: body });

describe('stored workflows', () => {
	it('creates, reads, updates (PUT keeps what it leaves out) and deletes', async () => {
		const created = await create({ name: 'W', workflow_type: 'custom', workflow_nodes: PARTITION_ONLY, reprocess_all: true });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ name: 'W', status: 'active', sources: [], destinations: [], schedule: null, reprocess_all: true });
		const id = created.body.id;
		const updated = await h.client.api<Record>(`/api/v1/workflows/${id}`, { method: 'PUT', json: { name: 'W2' } });
		expect(updated.body).toMatchObject({ id, name: 'W2', reprocess_all: true, workflow_nodes: PARTITION_ONLY });
		expect((await h.client.api(`/api/v1/workflows/${id}`, { method: 'DELETE' })).status).toBe(200);
		const gone = await h.client.api(`/api/v1/workflows/${id}`);
		expect(gone.status).toBe(404);
		expect(detailText(gone.body)).toContain(id);
	});

	it('refuses what the documented service refuses, naming the field', async () => {
		const cases: Array<[object, number, string]> = [
			[{ workflow_type: 'custom', workflow_nodes: PARTITION_ONLY }, 422, 'name'],
			[{ name: 'X', workflow_type: 'gold', workflow_nodes: PARTITION_ONLY }, 422, 'workflow_type'],
			[{ name: 'X', workflow_type: 'custom' }, 422, 'workflow_nodes'],
			[{ name: 'X', workflow_type: 'custom', workflow_nodes: PARTITION_ONLY, schedule: 'daily' }, 422, 'schedule'],
			[{ name: 'X', workflow_type: 'custom', workflow_nodes: PARTITION_ONLY, schedule: 'hourly' }, 422, 'schedule'],
			[{ name: 'X', workflow_type: 'custom', source_id: 'nope', workflow_nodes: PARTITION_ONLY }, 422, 'source_id'],
			[{ name: 'X', workflow_type: 'custom', template_id: 'nope' }, 422, 'template_id'],
			[{ name: 'Sample workflow', workflow_type: 'custom', workflow_nodes: PARTITION_ONLY }, 409, 'already exists'],
		];
		for (const [body, status, mention] of cases) {
			const answer = await create(body);
			expect([answer.status, detailText(answer.body)]).toEqual([status, expect.stringContaining(mention)]);
		}
	});

	it('lists by page and page size, filtered and sorted; the live shape on request', async () => {
		for (const name of ['b', 'a', 'c']) await create({ name, workflow_type: 'custom', template_id: 'fast-partition' });
		const page = async (query: string) => (await h.client.api<Record[]>(`/api/v1/workflows/?${query}`)).body.map((workflow) => workflow.name);
		expect(await page('sort_by=name&page_size=2&page=1')).toEqual(['a', 'b']);
		expect(await page('sort_by=name&sort_direction=desc&page_size=2&page=2')).toEqual(['b', 'a']);
		expect(await page('name=c')).toEqual(['c']);
		expect(await page('status=inactive')).toEqual([]);
		expect(await page(`created_before=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toEqual([]);
		expect((await h.client.api('/api/v1/workflows/?page=0')).status).toBe(422);
		await h.client.control('/config', 'POST', { workflow_record_shape: 'live' });
		const [first] = (await h.client.api<Record[]>('/api/v1/workflows/?name=a')).body;
		expect(first).toMatchObject({ source_id: null, destination_id: null, schedule: null });
	});
});

describe('templates and connector lists', () => {
	it('lists templates without nodes and reads one with them', async () => {
		const list = await h.client.api<Record[]>('/api/v1/templates/');
		expect(list.body.map((template) => template.id)).toEqual(['fast-partition', 'entities']);
		expect(list.body[0]).not.toHaveProperty('nodes');
		const one = await h.client.api<Record & { nodes: Array<{ subtype: string }> }>('/api/v1/templates/entities');
		expect(one.body.nodes.map((node) => node.subtype)).toEqual(['vlm', 'provider_ner']);
		expect((await h.client.api('/api/v1/templates/none')).status).toBe(404);
	});

	it('runs a job from a template_id, and names an unknown one', async () => {
		const job = await h.client.api<{ id: string }>('/api/v1/jobs/', { form: form({ request_data: JSON.stringify({ template_id: 'entities' }) }, [TEXT_FILE]) });
		expect(job.status).toBe(200);
		expect(h.emulator.store.jobs.get(job.body.id)?.nodes.map((node) => node.subtype)).toEqual(['vlm', 'provider_ner']);
		const unknown = await h.client.api('/api/v1/jobs/', { form: form({ request_data: JSON.stringify({ template_id: 'x' }) }, [TEXT_FILE]) });
		expect([unknown.status, detailText(unknown.body)]).toEqual([422, expect.stringContaining('template_id')]);
	});

	it('lists sources and destinations, optionally of one type', async () => {
		const now = new Date();
		const base = { config: { key: 'k' }, secretKeys: ['key'], created_at: now, updated_at: now, checks: [] };
		h.emulator.store.sources.set('s1', { id: 's1', name: 'A', type: 'cloud-drive', ...base });
		h.emulator.store.sources.set('s2', { id: 's2', name: 'B', type: 'object-store', ...base });
		h.emulator.store.destinations.set('d1', { id: 'd1', name: 'D', type: 'object-store', ...base });
		const sources = await h.client.api<Record[]>('/api/v1/sources/?source_type=object-store');
		expect(sources.body).toEqual([expect.objectContaining({ id: 's2', config: { key: expect.stringMatching(/^\*+$/) } })]);
		expect((await h.client.api<Record[]>('/api/v1/destinations/')).body.map((d) => d.id)).toEqual(['d1']);
	});
});
