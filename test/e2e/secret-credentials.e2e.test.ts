/**
 * Real n8n (issue 43, finding 5; issue 51): a Create Source, a Create Destination, a Register
 * Secret and a webhook channel's Create whose secrets come from n8n credentials. The plaintext is in neither the saved workflow,
 * the saved execution (with its copy of the workflow and its run data), nor any request the
 * emulator got; the emulator decrypted what was registered to the exact values.
 */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const AWS_SECRET = `E2E-AWS-SECRET-${randomUUID()}`;
const API_KEY = `E2E-PINECONE-KEY-${randomUUID()}`;
const REGISTERED = `E2E-REGISTERED-SECRET-${randomUUID()}`;
const SIGNING = `whsec_E2E-SIGNING-${randomUUID()}`;
const MASK = '**********';

describe('real n8n: secrets from credentials', () => {
	const suite = useE2eSuite({ label: 'secret-credentials' });

	it('keeps credential secrets out of the workflow, the saved execution and every request', async () => {
		const { e2e, client } = suite;
		const main = await suite.importEmulatorCredential();
		const awsKeys = await e2e.importCredential({
			name: 'E2E AWS keys',
			type: 'documentProcessingAwsKeysApi',
			data: { accessKeyId: 'AKIA-E2E-CREDENTIAL', secretAccessKey: AWS_SECRET, sessionToken: '' },
		});
		const secrets = await e2e.importCredential({
			name: 'E2E connector secrets',
			type: 'documentProcessingConnectorSecretsApi',
			data: { pairs: { values: [{ name: 'api_key', value: API_KEY }] } },
		});
		const secretCredential = await e2e.importCredential({ name: 'E2E secret', type: 'documentProcessingSecretApi', data: { secret: REGISTERED } });
		const signingCredential = await e2e.importCredential({ name: 'E2E signing secret', type: 'documentProcessingSigningSecretApi', data: { secret: SIGNING } });
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('connector-credential-secrets.json', {
				CREDENTIAL_ID: main.id,
				CREDENTIAL_NAME: main.name,
				AWS_CREDENTIAL_ID: awsKeys.id,
				AWS_CREDENTIAL_NAME: awsKeys.name,
				SECRETS_CREDENTIAL_ID: secrets.id,
				SECRETS_CREDENTIAL_NAME: secrets.name,
				SECRET_CREDENTIAL_ID: secretCredential.id,
				SECRET_CREDENTIAL_NAME: secretCredential.name,
				SIGNING_CREDENTIAL_ID: signingCredential.id,
				SIGNING_CREDENTIAL_NAME: signingCredential.name,
			}),
		);
		const run = await e2e.execute(workflowId);
		if (run.status !== 'success') throw new Error(`ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);

		expect(nodeOutputJson(run.data, 'Create S3 Source')).toEqual([
			expect.objectContaining({ type: 's3', fields: expect.objectContaining({ 'AWS Access Key ID': MASK, 'AWS Secret Access Key': MASK }) }),
		]);
		expect(nodeOutputJson(run.data, 'Create Pinecone Destination')).toEqual([expect.objectContaining({ type: 'pinecone', fields: expect.objectContaining({ 'API Key': MASK }) })]);
		const [registered] = nodeOutputJson(run.data, 'Register Secret');

		// The emulator decrypted each registered secret with its own RSA key: the exact values.
		const stored = (await client.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).body.secrets;
		expect(stored.map((s) => s.plaintext).sort()).toEqual(['AKIA-E2E-CREDENTIAL', AWS_SECRET, API_KEY, REGISTERED].sort());
		expect(registered).toEqual({ id: stored.find((s) => s.plaintext === REGISTERED)?.id, type: 'rsa_aes' });
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		const created = requests.filter((r) => r.method === 'POST' && /^\/api\/v1\/(sources|destinations)\/?$/.test(r.path)).map((r) => r.json as { config: Record<string, unknown> });
		const ref = (plaintext: string) => ({ id: stored.find((s) => s.plaintext === plaintext)?.id, type: 'rsa_aes' });
		expect(created.map((body) => body.config)).toEqual([
			{ remote_url: 's3://e2e-credential-in/', anonymous: false, recursive: true, key: ref('AKIA-E2E-CREDENTIAL'), secret: ref(AWS_SECRET) },
			{ api_key: ref(API_KEY), index_name: 'e2e-docs', namespace: 'e2e', batch_size: 50 },
		]);

		// The signing secret goes to the service, which signs with it; the channel it gives back has none.
		const channelCreates = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/notifications/channels');
		expect(channelCreates.map((r) => (r.json as { secret?: string }).secret)).toEqual([SIGNING]);
		expect(nodeOutputJson(run.data, 'Create Webhook Channel')).toEqual([expect.objectContaining({ channel_type: 'webhook', url: 'http://127.0.0.1:9/e2e-signed' })]);
		const otherRequests = JSON.stringify(requests.filter((r) => !channelCreates.includes(r)));
		expect(otherRequests).not.toContain(SIGNING);

		const everyRequest = JSON.stringify(requests);
		const workflow = JSON.stringify(await e2e.rest.getWorkflow(workflowId));
		// The saved execution as n8n's REST API gives it: its copy of the workflow and its run data.
		if (run.executionId === undefined) throw new Error('n8n returned no execution id');
		const execution = await e2e.rest.getExecution(run.executionId);
		const savedExecution = JSON.stringify(execution);
		expect(JSON.stringify(execution.workflowData)).toContain('Create S3 Source');
		for (const secret of [AWS_SECRET, API_KEY, REGISTERED, SIGNING]) {
			expect(workflow).not.toContain(secret);
			expect(savedExecution).not.toContain(secret);
			if (secret !== SIGNING) expect(everyRequest).not.toContain(secret);
			expect(run.log).not.toContain(secret);
		}
	}, 5 * 60_000);
});
