/**
 * Real n8n (issue 35): an S3 source and a Pinecone destination created, checked, updated and read
 * from the forms alone (no JSON), their secrets from connector credentials; every secret reaches
 * the emulator only encrypted, and a required field mapped from an empty value is refused before
 * any request, named by its label.
 */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const SECRET = `E2E-FORM-SECRET-${randomUUID()}`;
const MASK = '**********';

describe('real n8n: connector forms', () => {
	const suite = useE2eSuite({ label: 'connector-forms', emulatorConfig: { connection_check_delay_ms: 500 } });

	it('creates, checks, updates and gets an S3 source and a Pinecone destination from their fields', async () => {
		const { e2e, client } = suite;
		const credential = await suite.importEmulatorCredential();
		const aws = async (name: string, accessKeyId: string, secretAccessKey: string) =>
			await e2e.importCredential({ name, type: 'documentProcessingAwsKeysApi', data: { accessKeyId, secretAccessKey, sessionToken: '' } });
		const secrets = async (name: string, apiKey: string) =>
			await e2e.importCredential({ name, type: 'documentProcessingConnectorSecretsApi', data: { pairs: { values: [{ name: 'api_key', value: apiKey }] } } });
		const [aws1, aws2, pc1, pc2] = [await aws('E2E form AWS', 'AKIA-E2E-FORM', SECRET), await aws('E2E form AWS 2', 'AKIA-E2E-FORM-2', `${SECRET}-2`), await secrets('E2E form Pinecone', `${SECRET}-pc`), await secrets('E2E form Pinecone 2', `${SECRET}-pc2`)];
		const values = {
			CREDENTIAL_ID: credential.id,
			CREDENTIAL_NAME: credential.name,
			AWS_CREDENTIAL_ID: aws1.id,
			AWS_CREDENTIAL_NAME: aws1.name,
			AWS_CREDENTIAL_2_ID: aws2.id,
			AWS_CREDENTIAL_2_NAME: aws2.name,
			SECRETS_CREDENTIAL_ID: pc1.id,
			SECRETS_CREDENTIAL_NAME: pc1.name,
			SECRETS_CREDENTIAL_2_ID: pc2.id,
			SECRETS_CREDENTIAL_2_NAME: pc2.name,
		};
		const execute = async (file: string) => {
			const run = await e2e.execute(await e2e.importWorkflow(loadWorkflow(file, values)));
			if (run.status !== 'success') throw new Error(`${file} ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);
			return run;
		};
		let run = await execute('connector-form-source.json');
		const sourceRunData = JSON.stringify(run.data.resultData.runData);

		const [source] = nodeOutputJson(run.data, 'Create Source');
		expect(source).toMatchObject({ type: 's3', type_name: 'Amazon S3', fields: { 'Remote URL': 's3://e2e-form-in/', 'AWS Access Key ID': MASK, 'AWS Secret Access Key': MASK, Recursive: false, Anonymous: false } });
		expect(nodeOutputJson(run.data, 'Check Source')).toEqual([expect.objectContaining({ status: 'SUCCESS', source_id: source.id })]);
		const [updatedSource] = nodeOutputJson(run.data, 'Update Source');
		expect(updatedSource.fields).toEqual({ 'Remote URL': 's3://e2e-form-in/updated/', Anonymous: false, Recursive: true, 'AWS Access Key ID': MASK, 'AWS Secret Access Key': MASK });
		expect(nodeOutputJson(run.data, 'Get Source')).toEqual([updatedSource]);

		run = await execute('connector-form-destination.json');
		const [destination] = nodeOutputJson(run.data, 'Create Destination');
		expect(destination).toMatchObject({ type: 'pinecone', type_name: 'Pinecone', fields: { 'API Key': MASK, 'Index Name': 'e2e-docs', Namespace: 'e2e', 'Batch Size': 50 } });
		expect(nodeOutputJson(run.data, 'Check Destination')).toEqual([expect.objectContaining({ status: 'SUCCESS', destination_id: destination.id })]);
		const [updatedDestination] = nodeOutputJson(run.data, 'Update Destination');
		expect(updatedDestination.fields).toEqual({ 'API Key': MASK, 'Index Name': 'e2e-docs-v2', Namespace: 'e2e', 'Batch Size': 20 });
		expect(nodeOutputJson(run.data, 'Get Destination')).toEqual([updatedDestination]);

		// Each credential's secret was registered encrypted; the connector calls carried references only.
		const stored = (await client.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).body.secrets;
		expect(stored.map((s) => s.plaintext).sort()).toEqual(['AKIA-E2E-FORM', 'AKIA-E2E-FORM-2', SECRET, `${SECRET}-2`, `${SECRET}-pc`, `${SECRET}-pc2`].sort());
		const reference = (plaintext: string) => ({ id: stored.find((s) => s.plaintext === plaintext)?.id, type: 'rsa_aes' });
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		// POST to the collection itself (not its connection checks), PUT to one connector.
		const bodies = (method: string, path: string) =>
			requests.filter((r) => r.method === method && (method === 'PUT' ? r.path.startsWith(path) : r.path.replace(/\/$/, '') === path)).map((r) => r.json);
		expect(bodies('POST', '/api/v1/sources')).toEqual([
			{ name: 'E2E S3 form', type: 's3', config: { remote_url: 's3://e2e-form-in/', anonymous: false, key: reference('AKIA-E2E-FORM'), recursive: false, secret: reference(SECRET) } },
		]);
		expect(bodies('PUT', '/api/v1/sources/')).toEqual([
			{ config: { remote_url: 's3://e2e-form-in/updated/', anonymous: false, recursive: true, key: reference('AKIA-E2E-FORM-2'), secret: reference(`${SECRET}-2`) } },
		]);
		expect(bodies('PUT', '/api/v1/destinations/')).toEqual([{ config: { api_key: reference(`${SECRET}-pc2`), index_name: 'e2e-docs-v2', namespace: 'e2e', batch_size: 20 } }]);
		expect(JSON.stringify(requests)).not.toContain(SECRET);
		expect(sourceRunData + JSON.stringify(run.data.resultData.runData)).not.toContain(SECRET);
	}, 5 * 60_000);

	it('refuses a required field mapped from an empty value, naming it, before any request', async () => {
		const { e2e, client } = suite;
		await client.control('/requests', 'DELETE');
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(loadWorkflow('connector-form-missing.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }));
		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('error');
		expect(run.data.resultData.error?.message).toBe('Remote URL is required');
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		expect(requests.filter((r) => r.path.startsWith('/api/v1/'))).toEqual([]);
	}, 5 * 60_000);
});
