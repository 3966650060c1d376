/** Pause mode when the service refuses the pause's channel: the node polls instead and the run says so. */
import type { INodeParameters } from 'n8n-workflow';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 300, schedule_delay_ms: 20, max_channels_per_scope: 1 });
const { run } = world;
const PAUSE = { options: { waitMode: 'pause' } };
const WORKSPACE = '/api/v1/notifications/channels';

async function addChannel(description: string): Promise<void> {
	const parameters: INodeParameters = { resource: 'notificationChannel', operation: 'create', scope: 'workspace', url: 'http://127.0.0.1:9/hook', eventTypes: ['job.completed'], description };
	await run(parameters);
}

const channelCreations = async () => (await world.service.requests(WORKSPACE)).filter((request) => request.method === 'POST');

describe('Pause mode when the channel is refused (the scope holds its 50, here 1)', () => {
	beforeEach(async () => await addChannel('a trigger of another workflow'));

	/** Process Files pauses in a workflow of its own; refused too, it uses a workspace channel (pause-workflow test). */
	const refuseOwnWorkflow = async () =>
		await world.service.control('faults', { method: 'POST', body: { method: 'POST', path: '/api/v1/workflows/', status: 422, detail: 'no more workflows' } });

	it('Process Files polls instead: the poll mode’s items and pairing, a hint that says why', async () => {
		await refuseOwnWorkflow();
		const items = [markdownItem('a.md'), markdownItem('b.md')];
		const polled = await run({ resource: 'job', operation: 'process', ...PAUSE }, items);
		const plain = await run({ resource: 'job', operation: 'process' }, items);
		expect(polled.output[0].map((item) => item.pairedItem)).toEqual(plain.output[0].map((item) => item.pairedItem));
		expect(polled.output[0].map((item) => item.json.text)).toEqual(plain.output[0].map((item) => item.json.text));
		expect(polled.output[0]).toHaveLength(plain.output[0].length);
		expect(polled.hints).toEqual([expect.objectContaining({ type: 'warning', location: 'outputPane' })]);
		expect(polled.hints[0].message).toMatch(/waited by polling instead: the service refused the notification channel .*at most 1/);
		expect(plain.hints).toEqual([]);
		expect(polled.run.waitTill).toBeUndefined();
		const refused = await channelCreations();
		expect(refused).toHaveLength(2);
		expect(refused[1]).toMatchObject({ status: 422 });
	});

	it('Wait for Job polls instead and outputs the job record', async () => {
		const id = (await run({ resource: 'job', operation: 'create' }, [markdownItem('a.md')])).output[0][0].json.id as string;
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id, ...PAUSE });
		expect(result.output[0]).toEqual([expect.objectContaining({ json: expect.objectContaining({ id, status: 'COMPLETED', succeeded: true }), pairedItem: { item: 0 } })]);
		expect(result.hints[0].message).toMatch(/waited by polling instead/);
	});

	it('keeps the poll mode’s failure: a FAILED job fails the node with the poll mode’s error', async () => {
		world.service.emulator.setConfig({ default_job_outcome: 'FAILED' });
		await refuseOwnWorkflow();
		await expect(run({ resource: 'job', operation: 'process', ...PAUSE }, [markdownItem('a.md')])).rejects.toThrow(/ended with status FAILED/);
	});
});

describe('stale pause channels', () => {
	it('are removed before they count against the cap, so the execution still pauses', async () => {
		await addChannel('n8n paused execution 7 until 2020-01-01T00:00:00.000Z (ref 0123456789abcdef)');
		world.service.emulator.setConfig({ job_duration_ms: 60_000 });
		const id = (await run({ resource: 'job', operation: 'create' }, [markdownItem('a.md')])).output[0][0].json.id as string;
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id, ...PAUSE });
		expect(result.hints).toEqual([]);
		expect(result.run.waitTill).toBeInstanceOf(Date);
		const left = (await world.service.requests(WORKSPACE)).map((request) => `${request.method} ${request.status}`);
		expect(left).toEqual(['POST 200', 'GET 200', 'DELETE 204', 'POST 200']);
	});
});
