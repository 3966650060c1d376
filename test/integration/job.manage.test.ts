/** Job → Cancel and Get Many through n8n-core, with the answer shapes the interface leaves open. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { form, TestClient } from '../emulator/test-support/client';
import { PARTITION_ONLY, requestData, TEXT_FILE } from '../emulator/test-support/fixtures';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

// Jobs here are launched by the test client, not the node, so the launch spacing is not under test.
const CONFIG = { launch_spacing_ms: 0, schedule_delay_ms: 10, job_duration_ms: 60_000 };

let service: TestService;
let client: TestClient;
beforeAll(async () => {
	service = await startTestService(CONFIG);
	client = new TestClient(service.emulator);
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig(CONFIG);
});

const job = (operation: string, parameters: INodeParameters = {}) => ({ resource: 'job', operation, ...parameters });
const run = async (parameters: INodeParameters, items?: HarnessItem[], continueOnFail = false) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials, continueOnFail });
const launch = async (): Promise<IDataObject> =>
	(await client.api<IDataObject>('/api/v1/jobs/', { form: form({ request_data: requestData(PARTITION_ONLY) }, [TEXT_FILE]) })).body;
const statusOf = async (id: string) => (await client.api<{ status: string }>(`/api/v1/jobs/${id}`)).body.status;
const calls = async () => {
	const requests = await service.requests('/api/v1/jobs');
	return requests.filter((request) => !(request.method === 'POST' && request.path === '/api/v1/jobs/')).map((request) => [request.method, request.path, request.status]);
};
const UNKNOWN = '4e4f0a4e-0000-4000-8000-000000000000';

describe('Job → Get Many', () => {
	it('returns one item per job, newest first, with Return All or up to Limit', async () => {
		const ids = [];
		for (let i = 0; i < 3; i++) ids.push(String((await launch()).id));
		const all = await run(job('getAll', { returnAll: true }));
		expect(all.output[0].map((item) => item.json.id)).toEqual([...ids].reverse());
		expect(all.output[0].every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		const limited = await run(job('getAll', { limit: 2 }));
		expect(limited.output[0].map((item) => item.json.id)).toEqual([ids[2], ids[1]]);
		expect((await service.requests('/api/v1/jobs')).filter((request) => request.method === 'GET').map((request) => request.query)).toEqual([{}, {}]);
	});

	it('sends the workflow and status filters and reads an {items} answer the same way', async () => {
		service.emulator.setConfig({ job_list_shape: 'items' });
		const first = await launch();
		await launch();
		await service.emulator.finishJob(String(first.id), 'FAILED');
		const result = await run(job('getAll', { returnAll: true, filters: { workflowId: first.workflow_id as string, status: 'FAILED' } }));
		expect(result.output[0].map((item) => [item.json.id, item.json.status])).toEqual([[first.id, 'FAILED']]);
		const [sent] = (await service.requests('/api/v1/jobs')).filter((request) => request.method === 'GET');
		expect(sent.query).toEqual({ workflow_id: first.workflow_id, status: 'FAILED' });
		expect((await run(job('getAll', { returnAll: true, filters: { status: 'COMPLETED' } }))).output[0]).toEqual([]);
	});

	it.each([
		['a workflow filter that is no UUID', { workflowId: { __rl: true, mode: 'id', value: 'my workflow' } }, /^Workflow "my workflow" is not a workflow ID or a URL containing one$/],
		['an unknown status', { status: '={{ "RUNNING" }}' }, /Filters → Status "RUNNING" is not a job status/],
	])('refuses %s before any request', async (_what, filters, message) => {
		const error = await failure(run(job('getAll', { returnAll: true, filters })));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(await service.requests('/api/v1')).toHaveLength(0);
	});
});

describe('Job → Cancel', () => {
	it('stops a running job and outputs it STOPPED; the service records job.stopped', async () => {
		const launched = await launch();
		const id = String(launched.id);
		await client.waitFor(() => statusOf(id), (status) => status === 'IN_PROGRESS');
		await service.control('requests', { method: 'DELETE' });
		const result = await run(job('cancel', { jobId: id }));
		expect(result.output[0]).toEqual([{ json: expect.objectContaining({ id, status: 'STOPPED' }), pairedItem: { item: 0 } }]);
		expect(await calls()).toEqual([['POST', `/api/v1/jobs/${id}/cancel`, 200]]);
		const { events } = await service.control<{ events: Array<{ event_type: string; payload: { job_id: string } }> }>('events');
		expect(events.filter((event) => event.payload.job_id === id).map((event) => event.event_type)).toContain('job.stopped');
	});

	it.each([
		['204', 'no_content', 204, 'STOPPED'],
		['202 (the stop follows later)', 'accepted', 202, expect.stringMatching(/^(SCHEDULED|IN_PROGRESS|STOPPED)$/)],
	])('reads the job back when the service answers %s', async (_label, reply, status, jobStatus) => {
		service.emulator.setConfig({ cancel_reply: reply as 'no_content' | 'accepted', schedule_delay_ms: 300 });
		const id = String((await launch()).id);
		const result = await run(job('cancel', { jobId: id }));
		expect(result.output[0][0].json).toMatchObject({ id, status: jobStatus });
		expect(await calls()).toEqual([
			['POST', `/api/v1/jobs/${id}/cancel`, status],
			['GET', `/api/v1/jobs/${id}`, 200],
		]);
		await client.waitFor(() => statusOf(id), (current) => current === 'STOPPED');
	});

	it('is idempotent: cancelling a job that is already STOPPED outputs it instead of failing', async () => {
		const id = String((await launch()).id);
		await run(job('cancel', { jobId: id }));
		const again = await run(job('cancel', { jobId: id }));
		expect(again.output[0][0].json).toMatchObject({ id, status: 'STOPPED' });
		expect((await calls()).slice(1)).toEqual([
			['POST', `/api/v1/jobs/${id}/cancel`, 409],
			['GET', `/api/v1/jobs/${id}`, 200],
		]);
	});

	it('succeeds when the answer was lost: the resend meets 409 and the job is STOPPED', async () => {
		const id = String((await launch()).id);
		await service.control('faults', { body: { method: 'POST', path: `/api/v1/jobs/${id}/cancel`, reset: 'after_read' } });
		const result = await run(job('cancel', { jobId: id }));
		expect(result.output[0][0].json).toMatchObject({ id, status: 'STOPPED' });
		expect(await calls()).toEqual([
			['POST', `/api/v1/jobs/${id}/cancel`, undefined],
			['POST', `/api/v1/jobs/${id}/cancel`, 409],
			['GET', `/api/v1/jobs/${id}`, 200],
		]);
	});

	it('fails for a job that has already completed, with the service’s detail and what can be cancelled', async () => {
		service.emulator.setConfig({ job_duration_ms: 20 });
		const id = String((await launch()).id);
		await client.waitFor(() => statusOf(id), (status) => status === 'COMPLETED');
		const error = await failure(run(job('cancel', { jobId: id })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(new RegExp(`job ${id} has already ended as COMPLETED`));
		expect(error.description).toMatch(/Only a SCHEDULED or IN_PROGRESS job can be cancelled; this one has already ended as COMPLETED/);
		expect((error as NodeApiError).httpCode).toBe('409');
	});

	it('names an unknown job, refuses an id that is no UUID before any request, and keeps other items with continue-on-fail', async () => {
		const missing = await failure(run(job('cancel', { jobId: UNKNOWN })));
		expect(missing.message).toMatch(new RegExp(`Job "${UNKNOWN}" was not found`));
		await service.control('requests', { method: 'DELETE' });
		const bad = await failure(run(job('cancel', { jobId: '12345' })));
		expect(bad).toBeInstanceOf(NodeOperationError);
		expect(await service.requests('/api/v1')).toHaveLength(0);

		const id = String((await launch()).id);
		const result = await run(job('cancel', { jobId: '={{ $json.id }}' }), [{ json: { id: UNKNOWN } }, { json: { id } }], true);
		expect(result.output[0][0]).toEqual({ json: expect.objectContaining({ httpCode: '404' }), pairedItem: { item: 0 } });
		expect(result.output[0][1]).toEqual({ json: expect.objectContaining({ id, status: 'STOPPED' }), pairedItem: { item: 1 } });
	});
});
