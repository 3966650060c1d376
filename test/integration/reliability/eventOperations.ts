/** Fault-matrix rows of the job events: Get Notification Event, and the trigger's lifecycle methods (checkExists, create, delete). */
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { readRegistrations } from '../../../nodes/DocumentProcessing/trigger/registrations';
import { NOWHERE } from './bench';
import { actionCase, json } from './actionCase';
import type { OperationUnderTest, Outcome } from './operations';

async function returnedBy(work: Promise<boolean>): Promise<Outcome> {
	try {
		return { returned: await work };
	} catch (error) {
		return { error };
	}
}

export function eventOperations(): OperationUnderTest[] {
	let eventId = '';
	const activeTrigger = { webhookUrl: '', staticData: {} as IDataObject, channelId: '' };

	return [
		{
			name: 'notification.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				await bench.completedJob();
				[eventId] = await bench.eventIds();
			},
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/notifications/${eventId}` },
					{ resource: 'notification', operation: 'get', notificationId: eventId },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id: eventId, event_type: expect.stringMatching(/^job\./) }),
				),
		},
		{
			name: 'trigger checkExists',
			idempotent: true,
			effects: {},
			setup: async (bench) => {
				activeTrigger.webhookUrl = `${NOWHERE}/webhook/${randomUUID()}/webhook`;
				activeTrigger.staticData = {};
				await bench.hook({ webhookUrl: activeTrigger.webhookUrl, staticData: activeTrigger.staticData }).activate();
				activeTrigger.channelId = readRegistrations(activeTrigger.staticData)[0].channelId;
			},
			prepare: async (bench) => ({
				target: { method: 'GET', path: `/api/v1/notifications/channels/${activeTrigger.channelId}` },
				run: async (credentials) =>
					await returnedBy(bench.hook({ credentials, webhookUrl: activeTrigger.webhookUrl, staticData: activeTrigger.staticData }).call('checkExists')),
				succeeded: (outcome) => {
					expect(outcome.returned).toBe(true);
					expect(readRegistrations(activeTrigger.staticData)).toHaveLength(1);
				},
			}),
		},
		{
			name: 'trigger create',
			idempotent: false,
			effects: { creates: 'channels' },
			prepare: async (bench) => {
				const webhookUrl = `${NOWHERE}/webhook/${randomUUID()}/webhook`;
				const staticData: IDataObject = {};
				return {
					target: { method: 'POST', path: '/api/v1/notifications/channels' },
					run: async (credentials) => await returnedBy(bench.hook({ credentials, webhookUrl, staticData }).call('create')),
					succeeded: (outcome) => {
						expect(outcome.returned).toBe(true);
						expect(readRegistrations(staticData)).toEqual([expect.objectContaining({ url: webhookUrl, secret: expect.stringMatching(/^whsec_/) })]);
					},
				};
			},
		},
		{
			name: 'trigger delete',
			idempotent: true,
			emptyAnswer: true,
			effects: { deletes: 'channels' },
			prepare: async (bench) => {
				const webhookUrl = `${NOWHERE}/webhook/${randomUUID()}/webhook`;
				const staticData: IDataObject = {};
				await bench.hook({ webhookUrl, staticData }).activate();
				const [registration] = readRegistrations(staticData);
				return {
					target: { method: 'DELETE', path: `/api/v1/notifications/channels/${registration.channelId}` },
					run: async (credentials) => await returnedBy(bench.hook({ credentials, webhookUrl, staticData }).call('delete')),
					succeeded: (outcome) => {
						expect(outcome.returned).toBe(true);
						expect(readRegistrations(staticData)).toEqual([]);
					},
				};
			},
		},
	];
}
