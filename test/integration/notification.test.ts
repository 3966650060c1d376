/** Integration tests of the Notification Event resource (Get). */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { form, TestClient } from '../emulator/test-support/client';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

let service: TestService;
let client: TestClient;
beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 50, schedule_delay_ms: 10 });
	client = new TestClient(service.emulator);
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 50, schedule_delay_ms: 10 });
});

const run = async (parameters: INodeParameters, items?: HarnessItem[], continueOnFail = false) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials, continueOnFail });

describe('Get Notification Event', () => {
	it('returns an event of a job’s life as the spec describes it', async () => {
		const started = await client.api<IDataObject>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
			form: form({}, [{ name: 'a.txt', type: 'text/plain', content: 'Hello events' }]),
		});
		expect(started.status).toBe(202);
		const events = await client.waitFor(
			async () => (await service.control<{ events: IDataObject[] }>('events')).events,
			(list) => list.some((event) => event.event_type === 'job.completed'),
		);
		const completed = events.find((event) => event.event_type === 'job.completed')!;
		const result = await run({ resource: 'notification', operation: 'get', notificationId: completed.id as string });
		expect(result.output[0][0].json).toEqual({
			id: completed.id,
			event_type: 'job.completed',
			payload: expect.objectContaining({ job_id: started.body.id, status: 'COMPLETED' }),
			created_at: completed.created_at,
			workflow_id: DEFAULT_WORKFLOW_ID,
			is_read: false,
		});
		const [sent] = await service.requests('/api/v1/notifications');
		expect(sent.path).toBe(`/api/v1/notifications/${String(completed.id)}`);
	});

	it('names an unknown event, and refuses an id with spaces before any request', async () => {
		const missing = await failure(run({ resource: 'notification', operation: 'get', notificationId: '4e1c2b1a-7d8e-4f90-a1b2-c3d4e5f60718' }));
		expect(missing).toBeInstanceOf(NodeApiError);
		expect(missing.message).toMatch(/Notification event "4e1c2b1a-7d8e-4f90-a1b2-c3d4e5f60718" was not found/);
		const bad = await failure(run({ resource: 'notification', operation: 'get', notificationId: 'not an id' }));
		expect(bad).toBeInstanceOf(NodeOperationError);
		expect(await service.requests('/api/v1/notifications/not')).toHaveLength(0);
	});
});
