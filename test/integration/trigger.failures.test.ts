import { randomUUID } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { createHookHarness } from '../harness';
import { failure } from './support/service';
import { bridgedTrigger, runWorkflowJob, startedEvents, useTriggerWorld } from './support/trigger';

/** The service's documented delivery body, a job whose file failed, and the channel rules at activation. */
const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10, webhook_retry_backoff_ms: 20, webhook_delivery_format: 'documented' });

const lookups = async () => (await world.service.requests('/api/v1/notifications/')).filter((request) => !request.path.includes('/channels'));

async function deliver(options: INodeParameters = {}): Promise<IDataObject[]> {
	const hook = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'], options } });
	await hook.activate();
	await runWorkflowJob(world.service, world.client);
	expect(world.bridge.deliveries.map((delivery) => delivery.statusCode)).toEqual([200]);
	return startedEvents(world.bridge.deliveries);
}

describe('the documented delivery body {type, job: {job_id, workflow_id}, processing_time_ms}', () => {
	it('starts the run with the event type and job id, without any event look-up', async () => {
		const [started] = await deliver();
		const { headers } = world.bridge.deliveries[0];
		expect(headers['webhook-id']).toMatch(/^msg_/);
		const jobId = [...world.service.emulator.store.jobs.keys()][0];
		expect(started).toMatchObject({ event_type: 'job.completed', job_id: jobId, raw_payload: { processing_time_ms: expect.any(Number) } });
		expect(started.lookup_error).toBeUndefined();
		expect(await lookups()).toEqual([]);
	});
});

describe('Download Outputs for a job.completed whose file failed', () => {
	it('reports the failed file with the service’s reason instead of an empty outputs list', async () => {
		world.service.emulator.setConfig({ failing_file_pattern: 'report' });
		const [started] = await deliver({ downloadOutputs: true });
		expect(started.outputs).toEqual([]);
		expect(started.failed_files).toEqual([
			{ job_id: started.job_id, file_id: expect.any(String), file_name: 'report.md', error: expect.stringMatching(/^Partitioning failed: report.md/), processing_status: 'COMPLETED_WITH_ERRORS' },
		]);
	});

	it('keeps the event item with failed_files in the per-file shape when no file of the job succeeded', async () => {
		world.service.emulator.setConfig({ failing_file_pattern: 'report' });
		const started = await deliver({ downloadOutputs: true, outputShape: 'files' });
		expect(started).toEqual([expect.objectContaining({ event_type: 'job.completed', failed_files: [expect.objectContaining({ file_name: 'report.md' })] })]);
	});
});

describe('webhook channel rules at activation', () => {
	it('refuses to register an http address unless the credential allows http on loopback, before any request', async () => {
		const credentials = { documentProcessingApi: { ...world.service.credentials.documentProcessingApi, allowHttpWebhooksOnLoopback: false } };
		const hook = createHookHarness({
			nodeType: new DocumentProcessingTrigger(),
			parameters: { events: ['job.completed'] },
			credentials,
			webhookUrl: `${world.bridge.origin}/webhook/${randomUUID()}/webhook`,
			mode: 'trigger',
		});
		const error = await failure(hook.activate());
		expect(error.message).toMatch(/requires an HTTPS webhook address/);
		expect(error.description).toMatch(/WEBHOOK_URL/);
		expect((await world.service.requests('/api/v1/notifications/channels')).filter((request) => request.method === 'POST')).toEqual([]);
	});
});
