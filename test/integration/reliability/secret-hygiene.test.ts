/**
 * Secret hygiene: every operation runs with a recognisable API key, secret plaintext and signing
 * secret, on its success path and on failure paths (bad input, refusals, service errors, injected
 * faults), and none of them may appear in an output item, an error (message, description,
 * context, cause, every own property), a webhook answer, or anything the package or n8n logs.
 */
jest.mock('../../../nodes/DocumentProcessing/transport/request', () =>
	(jest.requireActual('./transportSeam') as typeof import('./transportSeam')).seamedRequestModule(),
);

import { randomUUID } from 'node:crypto';
import { type IDataObject, type INodeParameters, NodeApiError } from 'n8n-workflow';
import { signWebhook } from '../../../nodes/DocumentProcessing/helpers/webhookSignature';
import { readRegistrations } from '../../../nodes/DocumentProcessing/trigger/registrations';
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import type { HarnessItem } from '../../harness';
import { API_KEY, type Credentials, credentialsFor, markdownItem, NOWHERE, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY, SIGNING_SECRET } from './bench';
import { FAULT_KINDS } from './faultKinds';
import { captureLogs, exposedText, type LogCapture, leaksIn } from './leaks';
import { Lane, runCase } from './matrixRunner';
import { operationsUnderTest } from './operations';
import { setCallOverrides } from './transportSeam';

let lane: Lane;
let logs: LogCapture;
/** Secrets the case learns along the way (a trigger's or the service's signing secret). */
const caseSecrets: string[] = [];
let checked = 0;

beforeAll(async () => {
	lane = await Lane.start();
	setCallOverrides({ retry: { baseDelayMs: 100, maxDelayMs: 1_000 } });
	await lane.bench.run({ resource: 'job', operation: 'get', jobId: 'warm-up' }).catch(() => undefined);
	logs = captureLogs();
});

afterAll(async () => {
	logs.restore();
	setCallOverrides({});
	await lane.stop();
	process.stdout.write(`\nSecret hygiene: ${checked} outputs, errors and webhook answers checked, ${logs.lines().length} log lines checked\n\n`);
});

beforeEach(async () => {
	await lane.bench.reset();
	caseSecrets.length = 0;
});

const bench = () => lane.bench;

/** Nothing the user can see holds a marker or a secret of the case. */
function expectClean(...values: unknown[]): void {
	for (const value of values) {
		checked++;
		expect(leaksIn(value, caseSecrets)).toEqual([]);
	}
}

async function run(parameters: INodeParameters, items?: HarnessItem[], options: { credentials?: Credentials; continueOnFail?: boolean } = {}) {
	try {
		const result = await bench().run(parameters, { items, ...options });
		expectClean(result.output, result.hints);
		return { output: result.output[0], error: undefined };
	} catch (error) {
		expectClean(error);
		return { output: undefined, error: error as Error & { description?: string } };
	}
}

/**
 * The service never got the secret's plaintext, and no request carried the key outside its header
 * (path, query, form fields, body), where a proxy or a log could keep it. The signing secret is
 * meant for the service, so it may travel in a channel's create request.
 */
async function expectServiceSawNoPlaintext(): Promise<void> {
	for (const request of await bench().requests()) {
		const { headers: _headers, ...visible } = request as typeof request & { headers?: unknown };
		const text = exposedText(visible);
		for (const marker of [SECRET_PLAINTEXT, 'b41d2e', API_KEY, '7f3a9c']) expect({ request: request.path, leaks: text.includes(marker) }).toEqual({ request: request.path, leaks: false });
	}
}

const secretFromJson = { resource: 'secret', operation: 'register', secretValue: '={{ $json.secret }}' };

describe('success paths', () => {
	it('Register Secret (text and file): only the reference comes out, only ciphertext goes out', async () => {
		const text = await run(secretFromJson, [{ json: { secret: SECRET_PLAINTEXT } }]);
		const file = await run({ resource: 'secret', operation: 'register', secretInput: 'binary', options: { isJson: true } }, [
			{ json: {}, binary: { data: { data: Buffer.from(SERVICE_ACCOUNT_KEY), fileName: 'key.json', mimeType: 'application/json' } } },
		]);
		expect(text.output?.[0].json).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		expect(file.output?.[0].json).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		// The secrets really were registered: the service decrypted them.
		expect((await bench().storedSecrets()).map((secret) => secret.plaintext).sort()).toEqual([SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY].sort());
		await expectServiceSawNoPlaintext();
	});

	it('Create Source Connector with inline secrets (fields, and JSON with a nested key): masked config, references only', async () => {
		const fields = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', driveId: 'd1', serviceAccountKeyInput: 'text', serviceAccountKey: '={{ $json.key }}' },
			[{ json: { key: SERVICE_ACCOUNT_KEY } }],
		);
		const nested = await run(
			{ resource: 'source', operation: 'create', sourceName: 'S3', connectorType: 'other', customType: 's3', configJson: '={{ $json.config }}', encryptedConfigKeys: 'auth.token' },
			[{ json: { config: JSON.stringify({ bucket: 'invoices', auth: { token: SECRET_PLAINTEXT } }) } }],
		);
		expect(fields.output?.[0].json).toMatchObject({ config: { service_account_key: '**********' } });
		expect(nested.output?.[0].json).toMatchObject({ config: { bucket: 'invoices' } });
		expect((await bench().storedSecrets()).map((secret) => secret.plaintext).sort()).toEqual([SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY].sort());
		await expectServiceSawNoPlaintext();
	});

	it('notification channels: neither our signing secret nor one the service chose reaches an item', async () => {
		const ours = await run(
			{ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: `${NOWHERE}/a`, signingSecret: '={{ $json.signing }}' },
			[{ json: { signing: SIGNING_SECRET } }],
		);
		const theirs = await run({ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: `${NOWHERE}/b` });
		caseSecrets.push(...[...bench().emulator.store.channels.values()].map((channel) => channel.secret ?? '').filter(Boolean));
		expect(caseSecrets).toHaveLength(2);
		const email = await run({ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'email', recipientEmail: 'ops@example.com' });
		const emailId = String(email.output?.[0].json.id);
		const { messages } = await bench().control<{ messages: Array<{ channel_id: string; code?: string }> }>('/outbox');
		await run({ resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: emailId, code: messages.find((m) => m.channel_id === emailId)?.code });
		const all = await run({ resource: 'notificationChannel', operation: 'getAll', scope: 'workspace', channelType: 'webhook', returnAll: true });
		const one = await run({ resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId: String(ours.output?.[0].json.id) });
		expect([ours, theirs, email, all, one].every((result) => result.error === undefined)).toBe(true);
		expect(all.output).toHaveLength(2);
	});

	it('a service that sends the signing secret back in Get and Get Many: the node drops it', async () => {
		const channelId = await bench().webhookChannel();
		const leaky = { id: channelId, channel_type: 'webhook', event_types: ['job.failed'], enabled: true, created_at: 'x', updated_at: 'x', secret: SIGNING_SECRET };
		await bench().fault({ method: 'GET', path: `/api/v1/notifications/channels/${channelId}`, body: leaky });
		const one = await run({ resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId });
		await bench().fault({ method: 'GET', path: '/api/v1/notifications/channels', body: { items: [leaky] } });
		const all = await run({ resource: 'notificationChannel', operation: 'getAll', scope: 'workspace', channelType: 'webhook', returnAll: true });
		expect(one.output?.[0].json).toMatchObject({ id: channelId });
		expect(all.output?.[0].json).toMatchObject({ id: channelId });
	});

	it('jobs, workflow runs, partitions and events: the key stays out of every item', async () => {
		const created = await run({ resource: 'job', operation: 'create' }, [markdownItem()]);
		const jobId = String(created.output?.[0].json.id);
		await run({ resource: 'job', operation: 'get', jobId });
		await run({ resource: 'job', operation: 'waitForCompletion', jobId, waitOptions: { maxPollIntervalSeconds: 1 } });
		await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'binary' });
		await run({ resource: 'job', operation: 'process', outputMode: 'files', waitOptions: { maxPollIntervalSeconds: 1 } }, [markdownItem('b.md')]);
		await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, afterRun: 'download', waitOptions: { maxPollIntervalSeconds: 1 } }, [markdownItem('c.md')]);
		await run({ resource: 'document', operation: 'partition', outputMode: 'files' }, [markdownItem('d.md')]);
		const [eventId] = await bench().eventIds();
		const event = await run({ resource: 'notification', operation: 'get', notificationId: eventId });
		expect(event.output?.[0].json.id).toBe(eventId);
		await expectServiceSawNoPlaintext();
	});

	it('the trigger: activation, signed, forged and replayed deliveries, deactivation', async () => {
		const { jobId } = await bench().completedJob();
		const events = (await bench().control<{ events: IDataObject[] }>('/events')).events;
		const completed = events.find((event) => event.event_type === 'job.completed' && (event.payload as IDataObject).job_id === jobId);
		const staticData: IDataObject = {};
		const hook = bench().hook({ staticData, parameters: { options: { includeJob: true, downloadOutputs: true } } });
		expect(await hook.activate()).toBe(true);
		const [registration] = readRegistrations(staticData);
		caseSecrets.push(registration.secret);

		const body = Buffer.from(JSON.stringify(completed));
		const deliver = async (secret: string, id = randomUUID(), timestamp = Math.floor(Date.now() / 1000)) => {
			const answer = await hook.runWebhook({
				headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) },
				rawBody: body,
			});
			expectClean(answer.body, answer.response, answer.statusCode);
			return answer;
		};
		const id = randomUUID();
		const signed = await deliver(registration.secret, id);
		expect(signed.workflowStarted).toBe(true);
		expect(signed.response.workflowData?.[0][0].json).toMatchObject({ job_id: jobId, job: { id: jobId } });
		expect((await deliver(SIGNING_SECRET)).statusCode).toBe(401);
		expect((await deliver(registration.secret, randomUUID(), Math.floor(Date.now() / 1000) - 3600)).statusCode).toBe(401);
		expect((await deliver(registration.secret, id)).workflowStarted).toBe(false);
		expect(await hook.call('checkExists')).toBe(true);
		expect(await hook.deactivate()).toBe(true);
		expect(readRegistrations(staticData)).toEqual([]);
	});
});

describe('failure paths', () => {
	it('bad input that carries a secret: messages name the place, never the content', async () => {
		const notJson = await run({ ...secretFromJson, options: { isJson: true } }, [{ json: { secret: `{"key": ${SECRET_PLAINTEXT}}` } }]);
		const badConfig = await run(
			{ resource: 'source', operation: 'create', sourceName: 'S3', connectorType: 'other', customType: 's3', configJson: '={{ $json.config }}' },
			[{ json: { config: `{"token": "${SECRET_PLAINTEXT}", ` } }],
		);
		const notObject = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', driveId: 'd1', serviceAccountKeyInput: 'text', serviceAccountKey: '={{ $json.key }}' },
			[{ json: { key: JSON.stringify(SECRET_PLAINTEXT) } }],
		);
		const tooBig = await run({ resource: 'secret', operation: 'register', secretInput: 'binary' }, [
			{ json: {}, binary: { data: { data: Buffer.from(SECRET_PLAINTEXT.repeat(60_000)), fileName: 'key.txt', mimeType: 'text/plain' } } },
		]);
		expect([notJson, badConfig, notObject, tooBig].map((result) => result.error?.message)).toEqual([
			'Secret is not valid JSON (line 1, column 9)',
			'Config (JSON) is not valid JSON (the text ends too early)',
			'Service Account Key is JSON but not an object',
			expect.stringMatching(/^The Secret file is \d+ kB, more than a secret can be \(item 0, binary property "data", file "key\.txt"\)$/),
		]);
		expect(await bench().requests()).toEqual([]);
	});

	it('a refused key: the error names the credential, not the key', async () => {
		const revoked = credentialsFor(bench().emulator.url, `${API_KEY}-revoked`);
		const results = [
			await run({ resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID }, undefined, { credentials: revoked }),
			await run(secretFromJson, [{ json: { secret: SECRET_PLAINTEXT } }], { credentials: revoked }),
			await run({ resource: 'document', operation: 'partition' }, [markdownItem()], { credentials: revoked }),
		];
		for (const result of results) {
			expect(result.error?.message).toMatch(/The service refused the API key/);
			expect(result.error?.description).toMatch(/Check the API key in the credential/);
		}
		let activation: unknown;
		await bench()
			.hook({ credentials: revoked })
			.activate()
			.catch((error: unknown) => (activation = error));
		expect(activation).toBeInstanceOf(Error);
		expectClean(activation);
	});

	it('a service that echoes the key in its error detail: the key is masked', async () => {
		const echo = { status: 400, detail: `key ${API_KEY} may not do this` };
		await bench().fault({ path: '/api/v1/jobs/', ...echo });
		await bench().fault({ path: '/general/v0/general', ...echo });
		await bench().fault({ path: '/api/v1/notifications/channels', ...echo });
		const job = await run({ resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID });
		const part = await run({ resource: 'document', operation: 'partition' }, [markdownItem()]);
		const channel = await run({ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: `${NOWHERE}/c` });
		for (const result of [job, part, channel]) expect(result.error?.message).toMatch(/key \*\*\* may not do this/);
	});

	it('errors as items (continue on fail) and a source whose create fails after its secret was registered', async () => {
		await bench().fault({ path: '/api/v1/users/secrets', status: 422, detail: [{ loc: ['body', 'encrypted_value'], msg: 'cannot be decrypted', type: 'value_error' }] });
		const asItem = await run(secretFromJson, [{ json: { secret: SECRET_PLAINTEXT } }], { continueOnFail: true });
		expect(asItem.output?.[0].json).toMatchObject({ error: expect.stringMatching(/encrypted_value: cannot be decrypted/), httpCode: '422' });

		await bench().fault({ path: '/api/v1/sources', status: 500 });
		const source = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', driveId: 'd1', serviceAccountKeyInput: 'text', serviceAccountKey: '={{ $json.key }}' },
			[{ json: { key: SERVICE_ACCOUNT_KEY } }],
		);
		// The reference (not the key) is offered for reuse.
		expect(source.error?.description).toMatch(/service_account_key → \{"id": "[^"]+", "type": "rsa_aes"\}/);
	});

	const faultIds = ['502', 'reset-after-read', 'slow-headers', 'truncated-json', 'schema-break', 'refused'];
	const rows = ['secret.register', 'secret.register (key)', 'source.create', 'notificationChannel.create', 'trigger create', 'document.partition'];
	const operations = operationsUnderTest().filter((op) => rows.includes(op.name));
	const faults = FAULT_KINDS.filter((fault) => faultIds.includes(fault.id));
	it.each(operations.flatMap((op) => faults.map((fault) => [op.name, fault.label, op, fault] as const)))('%s under "%s"', async (_op, _fault, op, fault) => {
		await op.setup?.(bench());
		const { outcome } = await runCase(lane, op, fault);
		expectClean(outcome);
		await expectServiceSawNoPlaintext();
	});
});

describe('logs', () => {
	it('nothing logged by the package or by n8n holds a secret', () => {
		// n8n's engine logged every execution, including the failed ones with their errors.
		expect(logs.lines().some((line) => line.includes('finished with error'))).toBe(true);
		expect(logs.lines().filter((line) => leaksIn(line).length > 0)).toEqual([]);
		// The package itself writes nothing to the console.
		expect(logs.lines().filter((line) => line.startsWith('console.'))).toEqual([]);
	});
});

describe('the detector', () => {
	it('finds a key or a plaintext hidden in an error’s context, cause or a nested item', () => {
		const error = new NodeApiError({ id: '1', name: 'n', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, { message: 'failed' });
		error.context.request = { headers: { 'service-api-key': API_KEY } };
		expect(leaksIn(error)).toContain(API_KEY);
		expect(leaksIn(new Error('outer', { cause: new Error(`inner ${SECRET_PLAINTEXT}`) }))).toContain(SECRET_PLAINTEXT);
		expect(leaksIn([{ json: { deep: [{ value: SIGNING_SECRET }] } }])).toContain(SIGNING_SECRET);
		expect(leaksIn('masked sk-HYGIENE-7f3a9c'.replace('sk-', 'sk_'))).toEqual(['7f3a9c', 'HYGIENE']);
	});
});
