import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { clearPublicKeyCache } from '../../nodes/DocumentProcessing/api/secrets';
import { documentProcessingApiTest } from '../../nodes/DocumentProcessing/methods/credentialTest';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';
import { markdownItem } from './support/actionWorld';

/** The service's documented answers the interface does not show, each switched on in the emulator. */
let service: TestService;
const BASE = { job_duration_ms: 50, schedule_delay_ms: 10 };
beforeAll(async () => {
	service = await startTestService(BASE);
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig(BASE);
	clearPublicKeyCache();
});

const run = async (parameters: INodeParameters, credentials = service.credentials, items: HarnessItem[] = [{ json: {} }]) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials });
const credentialTest = async (data: ICredentialDataDecryptedObject) =>
	await documentProcessingApiTest.call({} as ICredentialTestFunctions, { id: '', name: 't', type: 'documentProcessingApi', data });
const paths = async (prefix: string) => (await service.requests(prefix)).map((request) => `${request.method} ${request.path} ${request.status}`);

describe.each(['not_found', 'method_not_allowed'] as const)('the public key when POST /users/retrieve answers %s', (reply) => {
	beforeEach(() => service.emulator.setConfig({ retrieve_key_reply: reply }));

	it('Register Secret takes the key from the encryption certificate, and the service decrypts the secret', async () => {
		const result = await run({ resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: '={{ $json.secret }}' }, service.credentials, [{ json: { secret: 'pässwört-1234' } }]);
		const { id } = result.output[0][0].json;
		expect(service.emulator.store.secrets.get(id as string)?.plaintext).toBe('pässwört-1234');
		const status = reply === 'not_found' ? 404 : 405;
		expect(await paths('/api/v1/users/')).toEqual([
			`POST /api/v1/users/retrieve ${status}`,
			'GET /api/v1/users/secrets/encryption-certificate 200',
			'POST /api/v1/users/secrets 200',
		]);
	});

	it('the credential test passes through the certificate, and still fails for a wrong key', async () => {
		const data = service.credentials.documentProcessingApi;
		expect(await credentialTest(data)).toEqual({ status: 'OK', message: 'Connection successful' });
		const bad = await credentialTest({ ...data, apiKey: 'wrong-key' });
		expect(bad.status).toBe('Error');
		expect(bad.message).toMatch(/refused the API key/);
		expect(bad.message).not.toContain('wrong-key');
	});
});

describe('the {"errors": [{field, message}]} error body', () => {
	it('reaches the message with the field name (a 422 on Create Notification Channel)', async () => {
		service.emulator.setConfig({ error_body: 'errors', channel_rules: 'documented' });
		const error = await failure(run({ resource: 'notificationChannel', operation: 'create', url: 'http://127.0.0.1:9/hook' }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service could not accept the input: url: must be an absolute https URL, got "http://127.0.0.1:9/hook"');
		const [answer] = await service.requests('/api/v1/notifications/channels');
		expect(answer.status).toBe(422);
	});
});

describe('webhook channel rules in Create and Update Notification Channel', () => {
	const noSwitch = () => ({ documentProcessingApi: { ...service.credentials.documentProcessingApi, allowHttpWebhooksOnLoopback: false } });

	it('refuses an http URL before any request, saying the service requires HTTPS', async () => {
		const error = await failure(run({ resource: 'notificationChannel', operation: 'create', url: 'http://127.0.0.1:9/hook' }, noSwitch()));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/requires an HTTPS webhook address/);
		const update = await failure(run({ resource: 'notificationChannel', operation: 'update', channelId: '0b6b8f3e-55d1-4b7a-9b0e-3f7a2c1d4e5f', updateFields: { url: 'http://example.com/h' } }, noSwitch()));
		expect(update.message).toMatch(/requires an HTTPS webhook address/);
		expect(await service.requests('/api/v1/notifications')).toEqual([]);
	});

	it('refuses a Signing Secret outside 24–75 bytes before any request, without showing it', async () => {
		const error = await failure(run({ resource: 'notificationChannel', operation: 'create', url: 'https://example.com/h', signingSecretInput: 'expression', signingSecret: '={{ $json.signing }}' }, service.credentials, [{ json: { signing: 'short-secret' } }]));
		expect(error.message).toBe('The Signing Secret is 12 bytes long; the service takes 24 to 75');
		expect(JSON.stringify(error)).not.toContain('short-secret');
		expect(await service.requests('/api/v1/notifications')).toEqual([]);
	});

	it('an emulator with the documented rules refuses what the node lets through only with the loopback switch', async () => {
		service.emulator.setConfig({ channel_rules: 'documented' });
		const error = await failure(run({ resource: 'notificationChannel', operation: 'create', url: 'http://127.0.0.1:9/hook' }));
		expect(error.message).toMatch(/url: must be an absolute https URL/);
	});
});

describe('Results Of › Last Step Only when the service lists output files last node first', () => {
	it('still outputs the last pipeline step’s files', async () => {
		service.emulator.setConfig({ output_files_order: 'reversed' });
		const steps = { steps: { step: [{ kind: 'llm', name: 'Extract', defineBy: 'extractionGuidance', extractionGuidance: 'The title' }] } };
		const result = await run({ resource: 'job', operation: 'process', ...steps, options: { outputMode: 'files' } }, service.credentials, [markdownItem('a.md')]);
		expect(result.output[0]).toHaveLength(1);
		expect(result.output[0][0].json).toHaveProperty('extracted_data');
		const job = [...service.emulator.store.jobs.values()][0];
		expect(result.output[0][0].json.node_id).toBe(job.nodes[job.nodes.length - 1].id);
	});
});
