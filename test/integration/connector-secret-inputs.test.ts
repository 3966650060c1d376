/**
 * The Google Drive source's service-account key from a binary field (issue 46): Options › Service
 * Account Key File in place of the connector credential's key.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
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

describe('Google Drive source: the service-account key from a binary field', () => {
	it('reads the key file, registers it encrypted and sends only its reference', async () => {
		const result = await bed.run(driveSource({ cfg_google_drive_options: { serviceAccountKeyFile: 'keyFile', recursive: false } }), { items: [keyItem('keyFile')] });
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(KEY_FILE);
		const [body] = await posted('/api/v1/sources');
		// The option names a binary field of the form: it is not sent as a config key.
		expect(body.config).toEqual({ drive_id: 'drive-1', service_account_key: { id: secret.id, type: 'rsa_aes' }, recursive: false });
		expect(result.output[0][0].json).toMatchObject({ type: 'google_drive', fields: { 'Service Account Key (JSON)': '**********' } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('refuses a missing file or one that is not a JSON object, naming the field and the item, before any request', async () => {
		const missing = await caught(bed.run(driveSource(), { items: [keyItem('other')] }));
		expect(missing).toBeInstanceOf(NodeOperationError);
		expect((missing as NodeOperationError).context.itemIndex).toBe(0);
		const notObject = await caught(bed.run(driveSource(), { items: [keyItem(), keyItem('data', '["not", "a key"]')] }));
		expect(notObject.message).toBe('Service Account Key (JSON) is JSON but not an object');
		expect((notObject as NodeOperationError).context.itemIndex).toBe(1);
		expect((await posted('/api/v1/sources')).length).toBe(1);
		expect(errorText(missing) + errorText(notObject)).not.toContain(MARKER);
	});

	it('takes the connector credential’s key without the option, refuses both at once and neither', async () => {
		const withKey = { credentials: { ...bed.credentials, documentProcessingConnectorSecretsApi: { pairs: { values: [{ name: 'service_account_key', value: KEY_FILE }] } } } };
		await bed.run(driveSource({ cfg_google_drive_options: {} }), withKey);
		expect((await bed.secrets()).map((s) => s.plaintext)).toEqual([KEY_FILE]);
		const both = await caught(bed.run(driveSource(), { ...withKey, items: [keyItem()] }));
		expect(both.message).toBe('"service_account_key" is given both in the node and in the connector credential');
		const neither = await caught(bed.run(driveSource({ cfg_google_drive_options: {} })));
		expect(neither.message).toBe('Service Account Key (JSON) is required');
		expect(neither.description).toMatch(/Connector Secrets API credential picked on this node, as Config Key "service_account_key"/);
		expect((await posted('/api/v1/sources')).length).toBe(1);
		expect(errorText(both) + errorText(neither)).not.toContain(MARKER);
	});
});
