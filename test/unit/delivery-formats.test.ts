import { readDeliveryFacts } from '../../nodes/DocumentProcessing/webhooks/deliveryFormats';
import { deliveryMessage, DELIVERY_FORMATS } from '../emulator/events/delivery-formats';
import type { NotificationEvent } from '../emulator/channels/channel-types';

const JOB = '8f0e2a4c-1b3d-4e5f-8a7b-9c0d1e2f3a4b';
const EVENT = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const WORKFLOW = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';
const AT = '2026-11-23T05:00:00.000Z';

const event: NotificationEvent = {
	id: EVENT,
	event_type: 'job.completed',
	payload: { job_id: JOB, status: 'COMPLETED', workflow_id: WORKFLOW },
	created_at: AT,
	workflow_id: WORKFLOW,
	is_read: false,
};

/** The body the emulator sends in `format`, as the trigger receives it. */
const bodyIn = (format: (typeof DELIVERY_FORMATS)[number]) => JSON.parse(deliveryMessage(event, format).body) as unknown;

describe('reading a delivery of any plausible format', () => {
	it('reads the notification event object', () => {
		expect(readDeliveryFacts(bodyIn('event'))).toEqual({
			format: 'event',
			eventId: EVENT,
			eventType: 'job.completed',
			jobId: JOB,
			status: 'COMPLETED',
			workflowId: WORKFLOW,
			createdAt: AT,
		});
	});

	it('gives null as the workflow of a workspace-level event', () => {
		expect(readDeliveryFacts({ ...event, workflow_id: null }).workflowId).toBeNull();
	});

	it('reads {type, data} with the payload in data', () => {
		expect(readDeliveryFacts(bodyIn('type_data'))).toEqual({
			format: 'type_data',
			eventType: 'job.completed',
			jobId: JOB,
			status: 'COMPLETED',
			workflowId: WORKFLOW,
			createdAt: AT,
		});
	});

	it('reads {type, data} whose data is the job record itself', () => {
		expect(readDeliveryFacts({ type: 'job.failed', data: { id: JOB, status: 'FAILED' } })).toMatchObject({ eventType: 'job.failed', jobId: JOB, status: 'FAILED' });
	});

	it('does not take an event id inside data for a job id', () => {
		const facts = readDeliveryFacts({ type: 'job.failed', data: { id: EVENT, event_type: 'job.failed', payload: {} } });
		expect(facts.jobId).toBeUndefined();
	});

	it('reads {type, job}', () => {
		expect(readDeliveryFacts(bodyIn('type_job'))).toEqual({
			format: 'type_job',
			eventType: 'job.completed',
			jobId: JOB,
			status: 'COMPLETED',
			workflowId: WORKFLOW,
			createdAt: AT,
		});
	});

	it('reads the documented body {type, job: {job_id, workflow_id}, processing_time_ms}', () => {
		const body = bodyIn('documented');
		expect(body).toEqual({ type: 'job.completed', job: { job_id: JOB, workflow_id: WORKFLOW }, processing_time_ms: expect.any(Number) });
		expect(readDeliveryFacts(body)).toEqual({ format: 'type_job', eventType: 'job.completed', jobId: JOB, workflowId: WORKFLOW });
	});

	it('reads an envelope {data: ...} around the event object and around {type, job}', () => {
		expect(readDeliveryFacts(bodyIn('envelope'))).toMatchObject({ format: 'envelope', eventId: EVENT, eventType: 'job.completed', jobId: JOB });
		expect(readDeliveryFacts({ data: { type: 'job.stopped', job: { id: JOB, status: 'STOPPED' } } })).toMatchObject({
			format: 'envelope',
			eventType: 'job.stopped',
			jobId: JOB,
			status: 'STOPPED',
		});
	});

	it('keeps what a partial event says, so the rest can be looked up', () => {
		expect(readDeliveryFacts({ ...event, payload: { status: 'COMPLETED' } })).toEqual({
			format: 'event',
			eventId: EVENT,
			eventType: 'job.completed',
			status: 'COMPLETED',
			workflowId: WORKFLOW,
			createdAt: AT,
		});
	});

	it('finds only the event id in a body that just names the event', () => {
		expect(readDeliveryFacts(bodyIn('id_only'))).toEqual({ format: 'unknown', eventId: EVENT });
		expect(readDeliveryFacts({ id: EVENT, type: 'job.completed' })).toEqual({ format: 'unknown', eventId: EVENT, eventType: 'job.completed' });
	});

	it.each([
		['an empty object', bodyIn('empty')],
		['an opaque object', bodyIn('opaque')],
		['an array', [event]],
		['a string', 'job.completed'],
		['no JSON at all', undefined],
		['fields of the wrong types', { event_type: 7, payload: 'x', id: 5 }],
		['an envelope of nothing known', { data: { hello: 'world' } }],
	])('finds nothing in %s, without throwing', (_name, body) => {
		expect(readDeliveryFacts(body)).toEqual({ format: 'unknown' });
	});

	it('ignores a malformed field instead of refusing the whole body', () => {
		expect(readDeliveryFacts({ ...event, created_at: 12, payload: { job_id: JOB, status: null } })).toMatchObject({
			format: 'event',
			eventType: 'job.completed',
			jobId: JOB,
		});
	});
});

describe('the emulator’s delivery formats', () => {
	it('names the event in the webhook-id header, except in the opaque and documented formats (a message id)', () => {
		for (const format of DELIVERY_FORMATS) {
			const { webhookId } = deliveryMessage(event, format);
			if (format === 'opaque' || format === 'documented') expect(webhookId).toMatch(/^msg_[0-9a-f]{32}$/);
			else expect(webhookId).toBe(EVENT);
		}
	});
});
