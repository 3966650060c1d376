/** Integration tests of Template Get and Get Many, and jobs launched from a template. */
import { markdownItem, useActionWorld } from './support/actionWorld';
import { failure } from './support/service';

const world = useActionWorld({ job_duration_ms: 100, schedule_delay_ms: 10 });

describe('Template', () => {
	it('lists the templates, and stops at Limit', async () => {
		const all = (await world.run({ resource: 'template', operation: 'getAll', returnAll: true })).output[0].map((item) => item.json);
		expect(all.map((template) => template.id)).toEqual(['fast-partition', 'entities']);
		expect((await world.run({ resource: 'template', operation: 'getAll', limit: 1 })).output[0]).toHaveLength(1);
	});

	it('gets one template with its nodes', async () => {
		const [item] = (await world.run({ resource: 'template', operation: 'get', templateId: { __rl: true, mode: 'id', value: 'entities' } })).output[0];
		expect(item.json).toMatchObject({ id: 'entities', name: 'Named entities', nodes: [expect.objectContaining({ subtype: 'vlm' }), expect.objectContaining({ subtype: 'provider_ner' })] });
	});

	it('names an unknown template', async () => {
		const error = await failure(world.run({ resource: 'template', operation: 'get', templateId: { __rl: true, mode: 'id', value: 'missing' } }));
		expect(error.message).toMatch(/^Template "missing" was not found/);
	});

	it('creates a job from a template: request_data carries only template_id', async () => {
		const parameters = { resource: 'job', operation: 'create', partitioning: 'template', templateId: { __rl: true, mode: 'list', value: 'entities' } };
		const [item] = (await world.run(parameters, [markdownItem('t.md')])).output[0];
		const [launch] = await world.service.requests('/api/v1/jobs');
		expect(JSON.parse(String(launch.fields.request_data))).toEqual({ template_id: 'entities' });
		expect(item.json).toMatchObject({ status: 'SCHEDULED' });
	});
});
