/** Secret hygiene on the success paths: every operation's output holds references and masks, never a secret. */
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { signWebhook } from '../../../nodes/DocumentProcessing/webhooks/webhookSignature';
import { readRegistrations } from '../../../nodes/DocumentProcessing/trigger/registrations';
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { markdownItem, NOWHERE, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY, SIGNING_SECRET } from './bench';
import { type HygieneChecks, secretFromJson } from './hygieneChecks';

export function hygieneSuccessPaths({ bench, caseSecrets, expectClean, expectServiceSawNoPlaintext, run }: HygieneChecks): void {
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

	it('Create Source Connector with inline secrets (JSON by expression, with a nested key): masked config, references only', async () => {
		const fields = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', connectorTypeId: 'google_drive', configInput: 'json', connectorConfigJson: '={{ { "drive_id": "d1", "service_account_key": $json.key } }}' },
			[{ json: { key: SERVICE_ACCOUNT_KEY } }],
		);
		const nested = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Store', connectorTypeId: 'other', otherTypeName: 'example_store', connectorConfigJson: '={{ $json.config }}', encryptedKeysOfConfig: 'auth.token' },
			[{ json: { config: JSON.stringify({ bucket: 'invoices', auth: { token: SECRET_PLAINTEXT } }) } }],
		);
		expect(fields.output?.[0].json).toMatchObject({ config: { service_account_key: '**********' } });
		expect(nested.output?.[0].json).toMatchObject({ config: { bucket: 'invoices' } });
		expect((await bench().storedSecrets()).map((secret) => secret.plaintext).sort()).toEqual([SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY].sort());
		await expectServiceSawNoPlaintext();
	});

	it('Create Source and Destination with secrets from connector credentials: masked outputs, references only', async () => {
		const credentials = { ...bench().credentials };
		const s3 = await run({ resource: 'source', operation: 'create', sourceName: 'Bucket', connectorTypeId: 's3', cfg_s3_remote_url: 's3://in/' }, undefined, {
			credentials: { ...credentials, documentProcessingAwsKeysApi: { accessKeyId: 'AKIA-HYGIENE', secretAccessKey: SECRET_PLAINTEXT } },
		});
		const pinecone = await run(
			{ resource: 'destination', operation: 'create', destinationName: 'Vectors', connectorTypeId: 'pinecone', cfg_pinecone_index_name: 'i', cfg_pinecone_namespace: 'n' },
			undefined,
			{ credentials: { ...credentials, documentProcessingConnectorSecretsApi: { pairs: { values: [{ name: 'api_key', value: SERVICE_ACCOUNT_KEY }] } } } },
		);
		expect(s3.output?.[0].json).toMatchObject({ fields: { 'AWS Secret Access Key': '**********' } });
		expect(pinecone.output?.[0].json).toMatchObject({ fields: { 'API Key': '**********' } });
		expect((await bench().storedSecrets()).map((secret) => secret.plaintext).sort()).toEqual(['AKIA-HYGIENE', SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY].sort());
		await expectServiceSawNoPlaintext();
	});

	it('Update Source and Create/Update Destination with inline secrets: masked configs, references only', async () => {
		const created = await run(
			{ resource: 'destination', operation: 'create', destinationName: 'Out', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '={{ $json.config }}' },
			[{ json: { config: JSON.stringify({ remote_url: 's3://out/', secret: SECRET_PLAINTEXT }) } }],
		);
		const destinationId = String(created.output?.[0].json.id);
		const updated = await run({ resource: 'destination', operation: 'update', destinationId, connectorTypeId: 'other', connectorConfigJson: '={{ $json.config }}' }, [
			{ json: { config: JSON.stringify({ remote_url: 's3://out/2/', password: SECRET_PLAINTEXT }) } },
		]);
		const source = await bench().client.api<{ id: string }>('/api/v1/sources/', { json: { name: 'Drive', type: 'google_drive', config: { drive_id: 'd', service_account_key: 'x' } } });
		const sourceUpdate = await run(
			{ resource: 'source', operation: 'update', sourceId: source.body.id, connectorTypeId: 'google_drive', configInput: 'json', connectorConfigJson: '={{ { "drive_id": "d2", "service_account_key": $json.key } }}' },
			[{ json: { key: SERVICE_ACCOUNT_KEY } }],
		);
		expect(created.output?.[0].json).toMatchObject({ config: { secret: '**********' } });
		expect(updated.output?.[0].json).toMatchObject({ config: { password: '**********' } });
		expect(sourceUpdate.output?.[0].json).toMatchObject({ config: { drive_id: 'd2', service_account_key: '**********' } });
		expect((await bench().storedSecrets()).map((secret) => secret.plaintext).sort()).toEqual([SECRET_PLAINTEXT, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY].sort());
		await expectServiceSawNoPlaintext();
	});

	it('notification channels: neither our signing secret nor one the service chose reaches an item', async () => {
		const ours = await run(
			{ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: `${NOWHERE}/a`, signingSecretInput: 'expression', signingSecret: '={{ $json.signing }}' },
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
		await run({ resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: 1 } });
		await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'binary' });
		await run({ resource: 'job', operation: 'process', options: { outputMode: 'files', maxPollIntervalSeconds: 1 } }, [markdownItem('b.md')]);
		await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, afterRun: 'download', options: { maxPollIntervalSeconds: 1 } }, [markdownItem('c.md')]);
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
}
