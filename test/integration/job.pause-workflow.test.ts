/**
 * Process Files in pause mode runs its jobs in a workflow of the pause's own, whose channel hears
 * only those jobs: one job's end is one delivery to its execution however many others are parked.
 */
import type { INode } from 'n8n-workflow';
import { claimPause } from '../../nodes/DocumentProcessing/jobs/pause/pauseWorkflow';
import { connectionFromCredential } from '../../nodes/DocumentProcessing/transport/connection';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 60_000, schedule_delay_ms: 20 });
const { run } = world;
const PAUSE = { resource: 'job', operation: 'process', options: { waitMode: 'pause' } };
const PAUSE_LABEL = /^n8n pause — .+, execution \S+ \(until \S+, ref [0-9a-f]{16}\)$/;
const CHANNEL_LABEL = /^n8n paused execution \S+ until \S+ \(ref [0-9a-f]{16}\)$/;

const store = () => world.service.emulator.store;
const pauseWorkflows = () => [...store().workflows.values()].filter((workflow) => PAUSE_LABEL.test(workflow.name));
const channelsOf = (workflowId: string | null) => [...store().channels.values()].filter((channel) => channel.workflow_id === workflowId);
const jobsOf = (workflowId: string) => [...store().jobs.values()].filter((job) => job.workflow_id === workflowId).map((job) => job.id);

describe('the pause’s own workflow', () => {
	it('runs the items’ jobs in one workflow of the pause and parks on a channel scoped to it', async () => {
		const result = await run(PAUSE, [markdownItem('a.md'), markdownItem('b.md')]);
		expect(result.run.waitTill).toBeInstanceOf(Date);
		const [workflow] = pauseWorkflows();
		expect(pauseWorkflows()).toHaveLength(1);
		expect(workflow).toMatchObject({ workflow_type: 'custom' });
		expect(jobsOf(workflow.id)).toHaveLength(2);
		expect(workflow.name).toMatch(/^n8n pause — .+, execution /);
		const ref = /ref ([0-9a-f]{16})\)$/.exec(workflow.name)?.[1];
		expect(channelsOf(workflow.id)).toEqual([expect.objectContaining({ channel_type: 'webhook', description: expect.stringMatching(CHANNEL_LABEL) })]);
		expect(channelsOf(workflow.id)[0].description).toContain(`(ref ${ref})`);
		expect(channelsOf(null)).toEqual([]);
		const requests = (await world.service.requests('/api/v1')).map((request) => `${request.method} ${request.path.replace(workflow.id, '{id}')}`);
		expect(requests).not.toContain('POST /api/v1/jobs/');
		expect(requests.filter((request) => request === 'POST /api/v1/workflows/{id}/run')).toHaveLength(2);
	});

	it('costs one delivery per job end whatever else is parked (a trigger’s workspace channel still hears every job)', async () => {
		const parked = 5;
		for (let index = 0; index < parked; index++) await run(PAUSE, [markdownItem(`f${index}.md`)]);
		const workflows = pauseWorkflows();
		expect(workflows).toHaveLength(parked);
		const [first] = workflows;
		const [jobId] = jobsOf(first.id);
		await world.service.emulator.finishJob(jobId, 'COMPLETED');
		await world.service.emulator.deliveriesIdle();
		const ended = store().deliveries.filter((attempt) => attempt.event_type === 'job.completed');
		// The harness has no resume URL to answer, so only where the delivery went is asserted.
		expect(new Set(ended.map((attempt) => attempt.channel_id))).toEqual(new Set(channelsOf(first.id).map((channel) => channel.id)));
	});

	it('is swept once stale (a pause that ended by its time limit runs no code), with its channels', async () => {
		await run({ ...PAUSE, options: { ...PAUSE.options, timeoutMinutes: 0.001 } }, [markdownItem('old.md')]);
		const [stale] = pauseWorkflows();
		expect(channelsOf(stale.id)).toHaveLength(1);
		// Past the stale limit and the sweep's once-per-interval bound (earlier tests swept already).
		const sweep = Date.now() + 11 * 60_000;
		jest.spyOn(Date, 'now').mockReturnValue(sweep);
		try {
			await run(PAUSE, [markdownItem('new.md')]);
		} finally {
			jest.restoreAllMocks();
		}
		expect(store().workflows.has(stale.id)).toBe(false);
		expect(channelsOf(stale.id)).toEqual([]);
		expect(pauseWorkflows()).toHaveLength(1);
	});

	it('falls back to on-demand jobs and a workspace channel when the service refuses the workflow', async () => {
		await world.service.control('faults', { method: 'POST', body: { method: 'POST', path: '/api/v1/workflows/', status: 422, detail: 'no more workflows' } });
		const result = await run(PAUSE, [markdownItem('a.md')]);
		expect(result.run.waitTill).toBeInstanceOf(Date);
		expect(pauseWorkflows()).toEqual([]);
		expect(channelsOf(null)).toHaveLength(1);
		expect((await world.service.requests('/api/v1/jobs/')).filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	it('deletes its workflow and channel when the jobs end before the channel exists (no wait)', async () => {
		world.service.emulator.setConfig({ job_duration_ms: 0, schedule_delay_ms: 0 });
		await world.service.control('faults', { method: 'POST', body: { method: 'POST', path: '/api/v1/workflows/', delay_ms: 300, times: 3 } });
		const result = await run(PAUSE, [markdownItem('a.md')]);
		expect(result.run.waitTill).toBeUndefined();
		expect(result.output[0].length).toBeGreaterThan(0);
		expect(pauseWorkflows()).toEqual([]);
	});

	it('is claimed once across processes: of simultaneous and repeated claims, one wins (its channel deletion succeeded)', async () => {
		await run(PAUSE, [markdownItem('a.md')]);
		const [workflow] = pauseWorkflows();
		const [channel] = channelsOf(workflow.id);
		const ref = /\(ref ([0-9a-f]{16})\)$/.exec(String(channel.description))?.[1] ?? '';
		const call = { node: { name: 'Process Files' } as INode, connection: connectionFromCredential(world.service.credentials.documentProcessingApi) };
		const pause = { ref, workflowId: workflow.id, tw: workflow.id };
		const claims = await Promise.all([claimPause(call, pause), claimPause(call, pause), claimPause(call, pause)]);
		expect(claims.filter(Boolean)).toHaveLength(1);
		expect(await claimPause(call, pause)).toBe(false);
		expect(store().workflows.has(workflow.id)).toBe(false);
	});
});

