/** The "From list" pickers (listSearch) against the emulator, as n8n's editor calls them, and the values they save. */
import type { INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { runListSearch } from '../harness';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 100, schedule_delay_ms: 10 });
const search = async (method: string, filter?: string, paginationToken?: string, parameters: INodeParameters = {}) =>
	await runListSearch({ nodeType: new DocumentProcessing(), method, parameters, credentials: world.service.credentials, filter, paginationToken });

async function createWorkflows(count: number): Promise<void> {
	for (let index = 0; index < count; index++) {
		await world.run({ resource: 'workflow', operation: 'create', name: `Batch ${String(index).padStart(2, '0')}` });
	}
}

describe('From list pickers', () => {
	it('lists workflows newest first, page by page, and filters by the search', async () => {
		await createWorkflows(51);
		const first = await search('searchWorkflows');
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({ name: 'Batch 50', value: expect.any(String) });
		expect(first.paginationToken).toBe('2');
		const second = await search('searchWorkflows', undefined, first.paginationToken);
		expect(second.results.map((entry) => entry.name)).toEqual(['Batch 00', 'Sample workflow']);
		expect(second.paginationToken).toBeUndefined();
		const found = await search('searchWorkflows', 'batch 4');
		expect(found.results.map((entry) => entry.name)).toEqual(['Batch 49', 'Batch 48', 'Batch 47', 'Batch 46', 'Batch 45', 'Batch 44', 'Batch 43', 'Batch 42', 'Batch 41', 'Batch 40']);
	});

	it('lists jobs, templates, sources and destinations, matched by the search', async () => {
		const job = (await world.run({ resource: 'job', operation: 'create' }, [markdownItem('a.md')])).output[0][0].json;
		const jobs = await search('searchJobs', String(job.id).slice(0, 8));
		expect(jobs.results).toEqual([{ name: expect.stringMatching(/^job-[0-9a-f]{8} · (Scheduled|In progress|Completed) · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/), value: job.id }]);
		expect((await search('searchJobs', 'in progress')).results.every((entry) => / · In progress · /.test(entry.name))).toBe(true);
		expect((await search('searchTemplates', 'entit')).results).toEqual([expect.objectContaining({ name: 'Named entities', value: 'entities' })]);
		const now = new Date();
		const connector = { config: {}, secretKeys: [], created_at: now, updated_at: now, checks: [] };
		world.service.emulator.store.sources.set('s1', { id: 's1', name: 'Drive', type: 'cloud-drive', ...connector });
		world.service.emulator.store.destinations.set('d1', { id: 'd1', name: 'Warehouse', type: 'relational-database', ...connector });
		expect((await search('searchSources')).results).toEqual([{ name: 'Drive (cloud-drive)', value: 's1' }]);
		expect((await search('searchDestinations', 'ware')).results).toEqual([{ name: 'Warehouse (relational-database)', value: 'd1' }]);
	});

	it('lists the channels of the scope chosen above the picker, webhooks and e-mail', async () => {
		const scope = { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } };
		const create = async (parameters: INodeParameters) => (await world.run({ resource: 'notificationChannel', operation: 'create', ...scope, ...parameters })).output[0][0].json;
		const hook = await create({ channelType: 'webhook', url: 'https://hooks.example.com/in', eventTypes: ['job.completed'], description: 'Ops hook' });
		const mail = await create({ channelType: 'email', recipientEmail: 'ops@example.com', eventTypes: ['job.failed'] });
		const listed = await search('searchChannels', undefined, undefined, { resource: 'notificationChannel', operation: 'get', ...scope });
		expect(listed.results).toEqual([
			{ name: 'Ops hook (webhook)', value: hook.id },
			{ name: 'ops@example.com (email, disabled)', value: mail.id },
		]);
		const workspace = await search('searchChannels', undefined, undefined, { resource: 'notificationChannel', operation: 'get', scope: 'workspace' });
		expect(workspace.results).toEqual([]);
	});

	it('gives the trigger the workflow picker too', async () => {
		const result = await runListSearch({ nodeType: new DocumentProcessingTrigger(), method: 'searchWorkflows', credentials: world.service.credentials });
		expect(result.results).toEqual([{ name: 'Sample workflow', value: DEFAULT_WORKFLOW_ID }]);
	});
});

describe('Picked values', () => {
	const jobOf = async () => (await world.run({ resource: 'job', operation: 'create' }, [markdownItem('v.md')])).output[0][0].json.id as string;

	it('runs with the job picked from the list, by ID, by URL or by an expression', async () => {
		const jobId = await jobOf();
		const values = [{ mode: 'list', value: jobId }, { mode: 'id', value: jobId }, { mode: 'url', value: `https://platform.docservice.example/app/jobs/${jobId}` }, { mode: 'id', value: '={{ $json.job }}' }];
		for (const value of values) {
			const result = await world.run({ resource: 'job', operation: 'get', jobId: { __rl: true, ...value } }, [{ json: { job: jobId } }]);
			expect(result.output[0][0].json).toMatchObject({ id: jobId });
		}
	});

	it('filters Get Many Jobs by a workflow picked by ID or by URL', async () => {
		const job = (await world.run({ resource: 'job', operation: 'create' }, [markdownItem('f.md')])).output[0][0].json;
		const workflowId = String(job.workflow_id);
		const byId = await world.run({ resource: 'job', operation: 'getAll', returnAll: true, filters: { workflowId: { __rl: true, mode: 'id', value: workflowId } } });
		const url = { __rl: true, mode: 'url', value: `https://platform.docservice.example/app/workflows/${workflowId}` };
		const byUrl = await world.run({ resource: 'job', operation: 'getAll', returnAll: true, filters: { workflowId: url } });
		for (const result of [byId, byUrl]) expect(result.output[0].map((item) => item.json.id)).toEqual([job.id]);
		const sent = (await world.service.requests('/api/v1/jobs')).filter((request) => request.method === 'GET');
		expect(sent.map((request) => request.query.workflow_id)).toEqual([workflowId, workflowId]);
	});

	it('runs a channel operation with the channel picked by ID', async () => {
		const created = (await world.run({ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: 'https://hooks.example.com/a', eventTypes: ['job.completed'] })).output[0][0].json;
		const result = await world.run({ resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId: { __rl: true, mode: 'id', value: String(created.id) } });
		expect(result.output[0][0].json).toMatchObject({ id: created.id });
	});
});
