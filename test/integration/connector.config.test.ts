/** Source Update and Destination Create/Update: the whole config sent with PUT, plaintext secrets registered first (as Create does). */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const MARKER = 'PLAINTEXT-MARKER-c0ffee';

async function stored(collection: 'sources' | 'destinations', type: string, config: Record<string, unknown>): Promise<string> {
	const created = await bed.client.api<{ id: string }>(`/api/v1/${collection}/`, { json: { name: 'existing', type, config } });
	expect(created.status).toBe(200);
	return created.body.id;
}

const picked = (value: string) => ({ __rl: true, mode: 'id', value });
const withSecrets = (pairs: Record<string, string>) => ({
	credentials: { ...bed.credentials, documentProcessingConnectorSecretsApi: { pairs: { values: Object.entries(pairs).map(([name, value]) => ({ name, value })) } } },
});

const sentBodies = async (method: string, path: string) =>
	(await bed.requests()).filter((r) => r.method === method && r.path === path).map((r) => r.json as { config: Record<string, unknown> });

describe('Source Connector → Update', () => {
	it('sends the drive fields as the whole new config, the credential’s key registered first', async () => {
		const id = await stored('sources', 'google_drive', { drive_id: 'old', service_account_key: 'k' });
		const key = JSON.stringify({ type: 'service_account', private_key: MARKER });
		const params: INodeParameters = { resource: 'source', operation: 'update', sourceId: picked(id), connectorTypeId: 'google_drive', cfg_google_drive_drive_id: 'new-drive', cfg_google_drive_options: { recursive: false } };
		const result = await bed.run(params, withSecrets({ service_account_key: key }));
		expect(result.output[0][0].json).toMatchObject({ id, name: 'existing', type: 'google_drive', config: { drive_id: 'new-drive', recursive: false, service_account_key: '**********' } });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(key);
		const [body] = await sentBodies('PUT', `/api/v1/sources/${id}`);
		expect(body).toEqual({ config: { drive_id: 'new-drive', recursive: false, service_account_key: { id: secret.id, type: 'rsa_aes' } } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('takes a config as JSON, its secret by expression; a failed PUT names the registered references, never the plaintext', async () => {
		const id = await stored('sources', 's3', { remote_url: 's3://a/' });
		const params: INodeParameters = {
			resource: 'source',
			operation: 'update',
			sourceId: picked(id),
			connectorTypeId: 's3',
			configInput: 'json',
			connectorConfigJson: '={{ { "remote_url": "s3://b/", "key": "AKIA-EXAMPLE", "secret": $json.secret } }}',
		};
		const items = [{ json: { secret: MARKER } }];
		expect((await bed.run(params, { items })).output[0][0].json.config).toEqual({ remote_url: 's3://b/', key: '**********', secret: '**********', anonymous: false, recursive: true });
		await bed.fault({ method: 'PUT', path: `/api/v1/sources/${id}`, status: 422, detail: 'config refused' });
		const error = await caught(bed.run(params, { items }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toMatch(/^Correct the fields .*can be reused as references: key → \{"id": "[^"]+", "type": "rsa_aes"\}, secret → \{"id": "[^"]+", "type": "rsa_aes"\}\.$/);
		expect(errorText(error)).not.toContain(MARKER);
	});

	it('names an unknown connector, after checking the config locally first', async () => {
		const bad = await caught(bed.run({ resource: 'source', operation: 'update', sourceId: picked('abc'), connectorTypeId: 'other', connectorConfigJson: '[1]' }));
		expect(bad).toBeInstanceOf(NodeOperationError);
		expect(bad.message).toBe('Config (JSON) must be a JSON object');
		expect(await bed.requests()).toEqual([]);
		const missing = await caught(bed.run({ resource: 'source', operation: 'update', sourceId: picked('abc'), connectorTypeId: 'other', connectorConfigJson: '{}' }));
		expect(missing.message).toContain('Source connector "abc" was not found');
	});
});

describe('Destination Connector → Create and Update', () => {
	it('creates an Other Type from JSON by expression; secret, token and password are registered by default', async () => {
		const config = { remote_url: 's3://out/', key: 'AKIA-EXAMPLE', secret: `${MARKER}-s`, auth: { token: 'nested stays' } };
		const result = await bed.run(
			{ resource: 'destination', operation: 'create', destinationName: 'Results', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '={{ $json.config }}' },
			{ items: [{ json: { config } }] },
		);
		expect(result.output[0][0].json).toMatchObject({ name: 'Results', type: 's3', config: { remote_url: 's3://out/', secret: '**********' } });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(`${MARKER}-s`);
		const [body] = await sentBodies('POST', '/api/v1/destinations');
		expect(body.config).toEqual({ ...config, secret: { id: secret.id, type: 'rsa_aes' } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('updates with PUT {config}, keeping a given reference as it is', async () => {
		const id = await stored('destinations', 'redis', { host: 'db', password: 'x' });
		const reference = (await bed.run({ resource: 'secret', operation: 'register' }, { credentials: { ...bed.credentials, documentProcessingSecretApi: { secret: MARKER } } })).output[0][0].json;
		const result = await bed.run({ resource: 'destination', operation: 'update', destinationId: picked(id), connectorTypeId: 'other', connectorConfigJson: JSON.stringify({ host: 'db2', password: reference }) });
		expect(result.output[0][0].json).toMatchObject({ id, type: 'redis', config: { host: 'db2', password: '**********' } });
		const [body] = await sentBodies('PUT', `/api/v1/destinations/${id}`);
		expect(body).toEqual({ config: { host: 'db2', password: reference } });
		expect(await bed.secrets()).toHaveLength(1);
	});

	it.each<[string, INodeParameters, RegExp]>([
		['an empty name', { destinationName: ' ', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '{}' }, /^Name is empty$/],
		['an empty type', { destinationName: 'n', connectorTypeId: 'other', otherTypeName: '={{ "" }}', connectorConfigJson: '{}' }, /^Type Name is empty$/],
		['config JSON that does not parse', { destinationName: 'n', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: `{"secret": "${MARKER}"` }, /^Config \(JSON\) is not valid JSON/],
		['an empty secret', { destinationName: 'n', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '{"password": ""}' }, /^The secret in config key "password" is empty$/],
	])('refuses %s before any request', async (_name, parameters, message) => {
		const error = await caught(bed.run({ resource: 'destination', operation: 'create', ...parameters }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(errorText(error)).not.toContain(MARKER);
		expect(await bed.requests()).toEqual([]);
	});
});
