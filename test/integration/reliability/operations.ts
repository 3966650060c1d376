/**
 * Every service call the package makes, as rows of the fault matrix: the action node's operations
 * and the trigger's lifecycle methods, each with the one request a fault is aimed at.
 */
import { randomUUID } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { readRegistrations } from '../../../nodes/DocumentProcessing/trigger/registrations';
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { type Bench, type Credentials, markdownItem, NOWHERE, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY, SIGNING_SECRET } from './bench';
import { actionCase, json } from './actionCase';
import type { FaultTarget } from './faultKinds';
import { manageOperations } from './manageOperations';

export type Entity = 'jobs' | 'secrets' | 'sources' | 'channels';

export interface Outcome {
	output?: INodeExecutionData[];
	/** What a trigger lifecycle method returned. */
	returned?: boolean;
	error?: unknown;
}

export interface PreparedCase {
	target: { method: string; path: string };
	run(credentials: Credentials): Promise<Outcome>;
	/** Checks that a successful outcome is the real result, not just "no error". */
	succeeded(outcome: Outcome): Promise<void> | void;
}

export interface OperationUnderTest extends FaultTarget {
	name: string;
	/** The item errors name (action node); the trigger's lifecycle errors name none. */
	itemIndex?: number;
	/** Launches an on-demand job: its first attempt may wait up to a second for its launch slot. */
	launches?: boolean;
	/**
	 * What the operation leaves in the service: created by the faulted request (`creates`), by an
	 * earlier step (`before`) or a later one (`after`), or deleted by the faulted request.
	 */
	effects: { creates?: Entity; before?: Entity; after?: Entity; deletes?: Entity };
	/** Once per row, after the emulator was reset. */
	setup?(bench: Bench): Promise<void>;
	/** Per case: what the case needs, the request to fault and how to run the operation. */
	prepare(bench: Bench): Promise<PreparedCase>;
}

async function returnedBy(work: Promise<boolean>): Promise<Outcome> {
	try {
		return { returned: await work };
	} catch (error) {
		return { error };
	}
}

const expectElements = (outcome: Outcome) => {
	expect(outcome.output?.length).toBeGreaterThan(0);
	for (const item of outcome.output ?? []) expect(item.json).toEqual(expect.objectContaining({ type: expect.any(String), element_id: expect.any(String) }));
};

const workflowId = { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID };
const secretItem = [{ json: { secret: SECRET_PLAINTEXT } }];

export function operationsUnderTest(): OperationUnderTest[] {
	// Rows run side by side, so each row keeps its own fixture.
	const completed = { get: { jobId: '' }, wait: { jobId: '' }, download: { jobId: '' } };
	let eventId = '';
	let channelId = '';
	const activeTrigger = { webhookUrl: '', staticData: {} as IDataObject, channelId: '' };

	return [
		{
			name: 'job.create',
			idempotent: false,
			itemIndex: 0,
			launches: true,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(bench, { method: 'POST', path: '/api/v1/jobs/' }, { resource: 'job', operation: 'create' }, [markdownItem()], (outcome) =>
					expect(json(outcome)).toMatchObject({ status: 'SCHEDULED', job_type: 'ephemeral', input_file_map: { 'report.md': expect.any(String) } }),
				),
		},
		{
			name: 'job.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.get = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.get;
				return actionCase(bench, { method: 'GET', path: `/api/v1/jobs/${jobId}` }, { resource: 'job', operation: 'get', jobId }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id: jobId, status: 'COMPLETED' }),
				);
			},
		},
		{
			name: 'job.waitForCompletion',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.wait = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.wait;
				return actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/jobs/${jobId}` },
					{ resource: 'job', operation: 'waitForCompletion', jobId, waitOptions: { maxPollIntervalSeconds: 1 } },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id: jobId, status: 'COMPLETED', succeeded: true }),
				);
			},
		},
		{
			name: 'job.downloadOutput',
			idempotent: true,
			anyJson: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.download = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.download;
				return actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/jobs/${jobId}/download` },
					{ resource: 'job', operation: 'downloadOutput', jobId },
					undefined,
					expectElements,
				);
			},
		},
		{
			name: 'job.process',
			idempotent: false,
			itemIndex: 0,
			launches: true,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/jobs/' },
					{ resource: 'job', operation: 'process', waitOptions: { maxPollIntervalSeconds: 1 } },
					[markdownItem()],
					expectElements,
				),
		},
		{
			name: 'workflow.run',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run` },
					{ resource: 'workflow', operation: 'run', workflowId },
					[markdownItem()],
					(outcome) => expect(json(outcome)).toMatchObject({ status: 'SCHEDULED', workflow_id: DEFAULT_WORKFLOW_ID }),
				),
		},
		{
			name: 'document.partition',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) =>
				actionCase(bench, { method: 'POST', path: '/general/v0/general' }, { resource: 'document', operation: 'partition' }, [markdownItem()], expectElements),
		},
		{
			name: 'secret.register',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'secrets' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/users/secrets' },
					{ resource: 'secret', operation: 'register', secretInput: 'text', secretValue: '={{ $json.secret }}' },
					secretItem,
					async (outcome) => {
						expect(json(outcome)).toEqual({ id: expect.any(String), type: 'rsa_aes' });
						const stored = (await bench.storedSecrets()).find((secret) => secret.id === json(outcome).id);
						expect(stored?.plaintext).toBe(SECRET_PLAINTEXT);
					},
				),
		},
		{
			name: 'secret.register (key)',
			idempotent: true,
			itemIndex: 0,
			effects: { after: 'secrets' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/users/retrieve' },
					{ resource: 'secret', operation: 'register', secretInput: 'text', secretValue: '={{ $json.secret }}' },
					secretItem,
					(outcome) => expect(json(outcome)).toEqual({ id: expect.any(String), type: 'rsa_aes' }),
				),
		},
		{
			name: 'source.create',
			idempotent: false,
			itemIndex: 0,
			effects: { before: 'secrets', creates: 'sources' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/sources' },
					{
						resource: 'source',
						operation: 'create',
						sourceName: 'Invoices',
						connectorType: 'google_drive',
						configMode: 'fields',
						driveId: 'drive-1',
						serviceAccountKeyInput: 'text',
						serviceAccountKey: '={{ $json.key }}',
					},
					[{ json: { key: SERVICE_ACCOUNT_KEY } }],
					(outcome) => expect(json(outcome)).toMatchObject({ name: 'Invoices', type: 'google_drive', config: { drive_id: 'drive-1', service_account_key: '**********' } }),
				),
		},
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
		...manageOperations(),
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
