/**
 * Version 3's connector forms (issue 46): Google Drive's service-account key from a binary field,
 * as versions 1 and 2 could; a Register Secret id mapped into a secret field as a plain string
 * taken as that secret's reference, not registered as a new secret.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const v3 = { typeVersion: 3 };
const MARKER = 'SA-PRIVATE-KEY-7c1d';
const KEY_FILE = JSON.stringify({ type: 'service_account', project_id: 'p', private_key: `-----BEGIN PRIVATE KEY-----${MARKER}` });

const driveSource = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'source',
	operation: 'create',
	sourceName: 'Drive',
	connectorTypeId: 'google_drive',
	cfg_google_drive_drive_id: 'drive-1',
	cfg_google_drive_options: { serviceAccountKeyFile: 'data' },
	...extra,
});
const keyItem = (name = 'data', data = KEY_FILE) => ({ json: {}, binary: { [name]: { data, fileName: 'sa.json', mimeType: 'application/json' } } });
const posted = async (path: string) => (await bed.requests()).filter((r) => r.method === 'POST' && r.path === path).map((r) => r.json as { config: Record<string, unknown> });

describe('Google Drive source (v3): the service-account key from a binary field', () => {
	it('reads the key file, registers it encrypted and sends only its reference', async () => {
		const result = await bed.run(driveSource({ cfg_google_drive_options: { serviceAccountKeyFile: 'keyFile', recursive: false } }), { ...v3, items: [keyItem('keyFile')] });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(KEY_FILE);
		const [body] = await posted('/api/v1/sources');
		// The option names a binary field of the form: it is not sent as a config key.
		expect(body.config).toEqual({ drive_id: 'drive-1', service_account_key: { id: secret.id, type: 'rsa_aes' }, recursive: false });
		expect(result.output[0][0].json).toMatchObject({ type: 'google_drive', fields: { 'Service Account Key (JSON)': '**********' } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('refuses a missing file or one that is not a JSON object, naming the field and the item, before any request', async () => {
		const missing = await caught(bed.run(driveSource(), { ...v3, items: [keyItem('other')] }));
		expect(missing).toBeInstanceOf(NodeOperationError);
		expect((missing as NodeOperationError).context.itemIndex).toBe(0);
		const notObject = await caught(bed.run(driveSource(), { ...v3, items: [keyItem(), keyItem('data', '["not", "a key"]')] }));
		expect(notObject.message).toBe('Service Account Key (JSON) is JSON but not an object');
		expect((notObject as NodeOperationError).context.itemIndex).toBe(1);
		expect((await posted('/api/v1/sources')).length).toBe(1);
		expect(errorText(missing) + errorText(notObject)).not.toContain(MARKER);
	});

	it('still takes the typed key without the option, refuses both at once and neither', async () => {
		await bed.run(driveSource({ cfg_google_drive_options: {}, cfg_google_drive_service_account_key: KEY_FILE }), v3);
		expect((await bed.secrets()).map((s) => s.plaintext)).toEqual([KEY_FILE]);
		const both = await caught(bed.run(driveSource({ cfg_google_drive_service_account_key: KEY_FILE }), { ...v3, items: [keyItem()] }));
		expect(both.message).toBe('Both Service Account Key (JSON) and Options › Service Account Key File are given');
		const neither = await caught(bed.run(driveSource({ cfg_google_drive_options: {} }), v3));
		expect(neither.message).toBe('Service Account Key (JSON) is required');
		expect((await posted('/api/v1/sources')).length).toBe(1);
	});
});

describe('A Register Secret id mapped as a plain string (v3)', () => {
	const pinecone = (apiKey: string): INodeParameters => ({
		resource: 'destination',
		operation: 'create',
		destinationName: 'Vectors',
		connectorTypeId: 'pinecone',
		cfg_pinecone_api_key: apiKey,
		cfg_pinecone_index_name: 'docs',
		cfg_pinecone_namespace: 'prod',
	});
	const registered = async () => (await bed.run({ resource: 'secret', operation: 'register', secretValue: MARKER })).output[0][0].json as { id: string; type: string };

	it.each(['={{ $json.id }}', '={{ $json["id"] }}', "={{ $json['id'] }}", '={{ $json?.id }}'])('%s is the secret’s reference, not a new secret', async (expression) => {
		const reference = await registered();
		await bed.run(pinecone(expression), { ...v3, items: [{ json: reference }] });
		const [body] = await posted('/api/v1/destinations');
		expect(body.config.api_key).toEqual(reference);
		expect(await bed.secrets()).toHaveLength(1);
	});

	it('works for an optional secret in Options as well', async () => {
		const reference = await registered();
		await bed.run(
			{ resource: 'source', operation: 'create', sourceName: 'In', connectorTypeId: 's3', cfg_s3_remote_url: 's3://in/', cfg_s3_options: { secret: '={{ $json.id }}' } },
			{ ...v3, items: [{ json: reference }] },
		);
		const [body] = await posted('/api/v1/sources');
		expect(body.config.secret).toEqual(reference);
		expect(await bed.secrets()).toHaveLength(1);
	});

	it('an id mapped from an object without a secret type stays a value to register', async () => {
		await bed.run(pinecone('={{ $json.id }}'), { ...v3, items: [{ json: { id: 'plain-key-123' } }] });
		expect((await bed.secrets()).map((s) => s.plaintext)).toEqual(['plain-key-123']);
		const [body] = await posted('/api/v1/destinations');
		expect(body.config.api_key).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		expect(body.config.api_key).not.toEqual({ id: 'plain-key-123', type: 'rsa_aes' });
	});
});
