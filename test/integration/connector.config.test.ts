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

const sentBodies = async (method: string, path: string) =>
	(await bed.requests()).filter((r) => r.method === method && r.path === path).map((r) => r.json as { config: Record<string, unknown> });

describe('Source Connector → Update', () => {
	it('sends the drive fields as the whole new config, an inline key registered first', async () => {
		const id = await stored('sources', 'google_drive', { drive_id: 'old', service_account_key: 'k' });
		const key = JSON.stringify({ type: 'service_account', private_key: MARKER });
		const params: INodeParameters = { resource: 'source', operation: 'update', sourceId: id, connectorType: 'google_drive', driveId: 'new-drive', recursive: false, serviceAccountKeyInput: 'text', serviceAccountKey: key };
		const result = await bed.run(params);
		expect(result.output[0][0].json).toMatchObject({ id, name: 'existing', type: 'google_drive', config: { drive_id: 'new-drive', recursive: false, service_account_key: '**********' } });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(key);
		const [body] = await sentBodies('PUT', `/api/v1/sources/${id}`);
		expect(body).toEqual({ config: { drive_id: 'new-drive', recursive: false, service_account_key: { id: secret.id, type: 'rsa_aes' } } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('takes another type’s config as JSON; a failed PUT names the registered references, never the plaintext', async () => {
		const id = await stored('sources', 's3', { remote_url: 's3://a/' });
		const params: INodeParameters = {
			resource: 'source',
			operation: 'update',
			sourceId: id,
			connectorType: 'other',
			configJson: JSON.stringify({ remote_url: 's3://b/', secret: MARKER }),
			encryptedConfigKeys: 'secret',
		};
		expect((await bed.run(params)).output[0][0].json.config).toEqual({ remote_url: 's3://b/', secret: '**********', anonymous: false, recursive: true });
		await bed.fault({ method: 'PUT', path: `/api/v1/sources/${id}`, status: 422, detail: 'config refused' });
		const error = await caught(bed.run(params));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toMatch(/^Correct the fields .*can be reused as references: secret → \{"id": "[^"]+", "type": "rsa_aes"\}\.$/);
		expect(errorText(error)).not.toContain(MARKER);
	});

	it('names an unknown connector, after checking the config locally first', async () => {
		const bad = await caught(bed.run({ resource: 'source', operation: 'update', sourceId: 'abc', connectorType: 'other', configJson: '[1]' }));
		expect(bad).toBeInstanceOf(NodeOperationError);
		expect(bad.message).toBe('Config (JSON) must be a JSON object');
		expect(await bed.requests()).toEqual([]);
		const missing = await caught(bed.run({ resource: 'source', operation: 'update', sourceId: 'abc', connectorType: 'other', configJson: '{}' }));
		expect(missing.message).toContain('Source connector "abc" was not found');
	});
});

describe('Destination Connector → Create and Update', () => {
	it('creates with the JSON config; secret, token and password are registered by default', async () => {
		const config = { remote_url: 's3://out/', key: 'AKIA-EXAMPLE', secret: `${MARKER}-s`, auth: { token: 'nested stays' } };
		const result = await bed.run({ resource: 'destination', operation: 'create', destinationName: 'Results', destinationType: 's3', configJson: JSON.stringify(config) });
		expect(result.output[0][0].json).toMatchObject({ name: 'Results', type: 's3', config: { remote_url: 's3://out/', secret: '**********' } });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(`${MARKER}-s`);
		const [body] = await sentBodies('POST', '/api/v1/destinations');
		expect(body.config).toEqual({ ...config, secret: { id: secret.id, type: 'rsa_aes' } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('updates with PUT {config}, keeping a given reference as it is', async () => {
		const id = await stored('destinations', 'redis', { host: 'db', password: 'x' });
		const reference = (await bed.run({ resource: 'secret', operation: 'register', secretValue: MARKER })).output[0][0].json;
		const result = await bed.run({ resource: 'destination', operation: 'update', destinationId: id, configJson: JSON.stringify({ host: 'db2', password: reference }) });
		expect(result.output[0][0].json).toMatchObject({ id, type: 'redis', config: { host: 'db2', password: '**********' } });
		const [body] = await sentBodies('PUT', `/api/v1/destinations/${id}`);
		expect(body).toEqual({ config: { host: 'db2', password: reference } });
		expect(await bed.secrets()).toHaveLength(1);
	});

	it.each<[string, INodeParameters, RegExp]>([
		['an empty name', { destinationName: ' ', destinationType: 's3', configJson: '{}' }, /^Name is empty$/],
		['an empty type', { destinationName: 'n', destinationType: '={{ "" }}', configJson: '{}' }, /^Type Name is empty$/],
		['config JSON that does not parse', { destinationName: 'n', destinationType: 's3', configJson: `{"secret": "${MARKER}"` }, /^Config \(JSON\) is not valid JSON/],
		['an empty secret', { destinationName: 'n', destinationType: 's3', configJson: '{"password": ""}' }, /^The secret in config key "password" is empty$/],
	])('refuses %s before any request', async (_name, parameters, message) => {
		const error = await caught(bed.run({ resource: 'destination', operation: 'create', ...parameters }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(errorText(error)).not.toContain(MARKER);
		expect(await bed.requests()).toEqual([]);
	});
});
