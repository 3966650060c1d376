/**
 * Pause mode and n8n's internals (issue 49, items 4 and 5). Where the execution's stack entry is
 * missing (to park) or would be missing at the resume (n8n-core's contexts keep it in their
 * `executeData` field), the node fails with a clear error BEFORE any job is launched; before, it
 * launched the jobs and then failed on a TypeError (or parked, and the resume came back with the
 * time limit's error). And a failure after the pause's channel and workflow exist (a job that
 * cannot be read, a refused launch) releases both; before, they stayed until a later pause's sweep.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode } from '../harness';
import { markdownItem, useActionWorld } from './support/actionWorld';
import { failure } from './support/service';

const world = useActionWorld({ job_duration_ms: 60_000, schedule_delay_ms: 20 });
const PAUSE = { resource: 'job', operation: 'process', options: { waitMode: 'pause' } };
const PAUSE_LABEL = /^n8n pause — /;
const store = () => world.service.emulator.store;
const pauseWorkflows = () => [...store().workflows.values()].filter((workflow) => PAUSE_LABEL.test(workflow.name));
const fault = async (body: Record<string, unknown>) => await world.service.control('faults', { method: 'POST', body });

/** The node, run in an n8n whose contexts lack what `hide` names (as a changed n8n release might). */
function nodeWithout(hide: 'stack entry' | 'resume field'): DocumentProcessing {
	const node = new DocumentProcessing();
	const execute = DocumentProcessing.prototype.execute as (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
	node.execute = async function (this: IExecuteFunctions) {
		const context = new Proxy(this, {
			get(target, property) {
				if (hide === 'stack entry' && property === 'getExecuteData') return () => undefined;
				if (hide === 'resume field' && property === 'executeData') return undefined;
				const value: unknown = Reflect.get(target, property, target);
				return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
			},
		});
		return await execute.call(context);
	};
	return node;
}

const runWithout = async (hide: 'stack entry' | 'resume field', parameters: INodeParameters) =>
	await executeNode({ nodeType: nodeWithout(hide), parameters, items: [markdownItem('a.md')], credentials: world.service.credentials });

describe('pause mode checks n8n’s stack entry before launching anything', () => {
	const operations: Array<[string, INodeParameters]> = [
		['Process Files', PAUSE],
		['Wait for Job', { resource: 'job', operation: 'waitForCompletion', jobId: 'job-1', options: { waitMode: 'pause' } }],
		['Workflow → Run', { resource: 'workflow', operation: 'run', workflowId: 'wf-1', afterRun: 'download', options: { waitMode: 'pause' } }],
	];

	it.each(operations)('%s: no stack entry to park on', async (_name, parameters) => {
		const error = await failure(runWithout('stack entry', parameters));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Pause mode cannot work in this n8n: the execution’s stack entry (where n8n keeps a waiting node’s place) was not found');
		expect(error.description).toMatch(/^No job was launched\. Set (Options › )?Wait Mode to Poll in This Execution/);
		expect(await world.service.requests('/api/v1')).toEqual([]);
	});

	it.each(operations)('%s: no stack entry for the resume to find', async (_name, parameters) => {
		const error = await failure(runWithout('resume field', parameters));
		expect(error.message).toBe('Pause mode cannot work in this n8n: the resume could not find the execution’s stack entry (where n8n keeps a waiting node’s place)');
		expect(await world.service.requests('/api/v1')).toEqual([]);
	});

	it('parks as before where both are there (the check passes on n8n-core 2.40)', async () => {
		const result = await world.run(PAUSE, [markdownItem('a.md')]);
		expect(result.run.waitTill).toBeInstanceOf(Date);
	});
});

describe('a pause that fails before it parks leaves nothing behind', () => {
	it('Process Files: the job cannot be read after the channel is registered → channel and pause workflow deleted', async () => {
		await fault({ method: 'GET', path: '/api/v1/jobs/', status: 404, detail: 'no such job' });
		const error = await failure(world.run(PAUSE, [markdownItem('a.md')]));
		expect(error.message).toMatch(/was not found/);
		const requests = (await world.service.requests('/api/v1')).map((request) => `${request.method} ${request.path.replace(/\/[0-9a-f-]{36}/g, '/{id}')}`);
		// The channel existed when the read failed: this is the failure the fix is about.
		expect(requests).toEqual(expect.arrayContaining(['POST /api/v1/workflows/{id}/notifications/channels', 'GET /api/v1/jobs/{id}']));
		expect(pauseWorkflows()).toEqual([]);
		expect([...store().channels.values()]).toEqual([]);
	});

	it('Workflow → Run: the same failure deletes the channel scoped to the run’s workflow', async () => {
		const created = await world.run({ resource: 'workflow', operation: 'create', name: 'stored', options: { workflowType: 'custom' } });
		const workflowId = created.output[0][0].json.id as string;
		await fault({ method: 'GET', path: '/api/v1/jobs/', status: 404 });
		await failure(world.run({ resource: 'workflow', operation: 'run', workflowId, afterRun: 'download', options: { waitMode: 'pause' } }, [markdownItem('a.md')]));
		expect((await world.service.requests('/api/v1/workflows/')).some((request) => request.path.endsWith('/notifications/channels') && request.method === 'POST')).toBe(true);
		expect([...store().channels.values()]).toEqual([]);
	});

	it('Process Files: a refused launch (no Continue on Fail) deletes the pause workflow made for it', async () => {
		await fault({ method: 'POST', path: '/api/v1/workflows/', path_suffix: '/run', status: 422, detail: 'run refused' });
		const error = await failure(world.run(PAUSE, [markdownItem('a.md')]));
		expect(error.message).toMatch(/run refused/);
		expect((await world.service.requests('/api/v1/workflows/')).some((request) => request.method === 'POST' && request.path === '/api/v1/workflows/')).toBe(true);
		expect(pauseWorkflows()).toEqual([]);
	});
});
