/** Fault-matrix rows of the notification channels: create, verify, list and get (update and delete are in manageOperations.ts). */
import { NOWHERE, SIGNING_SECRET } from './bench';
import { actionCase, json } from './actionCase';
import type { OperationUnderTest } from './operations';

export function channelOperations(): OperationUnderTest[] {
	let channelId = '';

	return [
		{
			name: 'notificationChannel.create',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'channels' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/notifications/channels' },
					{
						resource: 'notificationChannel',
						operation: 'create',
						scope: 'workspace',
						channelType: 'webhook',
						url: `${NOWHERE}/hooks/matrix`,
						signingSecretInput: 'expression',
						signingSecret: '={{ $json.signing }}',
						eventTypes: ['job.failed'],
					},
					[{ json: { signing: SIGNING_SECRET } }],
					(outcome) => expect(json(outcome)).toMatchObject({ channel_type: 'webhook', enabled: true, url: `${NOWHERE}/hooks/matrix` }),
				),
		},
		{
			name: 'notificationChannel.verify',
			idempotent: false,
			emptyAnswer: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const channel = await bench.emailChannel();
				return actionCase(
					bench,
					{ method: 'POST', path: `/api/v1/notifications/channels/${channel.id}/verify` },
					{ resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: channel.id, code: channel.code },
					undefined,
					async (outcome) => {
						expect(json(outcome)).toMatchObject({ id: channel.id, verified: true });
						expect(await bench.channelEnabled(channel.id)).toBe(true);
					},
				);
			},
		},
		{
			name: 'notificationChannel.getAll',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				await bench.webhookChannel();
				await bench.webhookChannel();
			},
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'GET', path: '/api/v1/notifications/channels' },
					{ resource: 'notificationChannel', operation: 'getAll', scope: 'workspace', channelType: 'webhook', returnAll: true },
					undefined,
					(outcome) => expect(outcome.output).toHaveLength(2),
				),
		},
		{
			name: 'notificationChannel.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				channelId = await bench.webhookChannel();
			},
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/notifications/channels/${channelId}` },
					{ resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id: channelId, channel_type: 'webhook' }),
				),
		},
	];
}
