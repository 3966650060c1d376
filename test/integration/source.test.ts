import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed, type LoggedRequest } from './support/secrets';

const bed = secretTestBed();

const MARKER = 'PLAINTEXT-MARKER-5ec7e7';
const SA_KEY = JSON.stringify({ type: 'service_account', private_key: `-----BEGIN PRIVATE KEY-----\n${MARKER}\n-----END PRIVATE KEY-----\n`, client_email: 'bot@x.example' });

const create = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'source', operation: 'create', sourceName: 'Invoices drive', ...extra });
const driveFields = (extra: INodeParameters = {}): INodeParameters => create({ connectorTypeId: 'google_drive', cfg_google_drive_drive_id: 'drive-0042', ...extra });
const driveJson = (config: string): INodeParameters => create({ connectorTypeId: 'google_drive', configInput: 'json', connectorConfigJson: config });
const otherJson = (config: string, extra: INodeParameters = {}): INodeParameters => create({ connectorTypeId: 'other', otherTypeName: 'example_store', connectorConfigJson: config, ...extra });
/** The drive's key in a connector secrets credential picked on the node. */
const keyCredential = (key: string) => ({ credentials: { ...bed.credentials, documentProcessingConnectorSecretsApi: { pairs: { values: [{ name: 'service_account_key', value: key }] } } } });

const sourcesSent = async (): Promise<LoggedRequest[]> => (await bed.requests()).filter((r) => r.path === '/api/v1/sources');

async function registerDirectly(plaintext: string): Promise<{ id: string; type: string }> {
	const result = await bed.run({ resource: 'secret', operation: 'register' }, { credentials: { ...bed.credentials, documentProcessingSecretApi: { secret: plaintext } } });
	return result.output[0][0].json as { id: string; type: string };
}

describe('Create Source Connector against the emulator', () => {
	it('creates a drive connector from an existing reference, mapped into Config (JSON) from a Register Secret output', async () => {
		const reference = await registerDirectly(SA_KEY);
		const result = await bed.run(driveJson('={{ { "drive_id": "drive-0042", "recursive": false, "service_account_key": $json } }}'), { items: [{ json: reference }] });

		const connector = result.output[0][0].json;
		expect(connector).toMatchObject({ id: expect.any(String), name: 'Invoices drive', type: 'google_drive', created_at: expect.any(String), updated_at: expect.any(String) });
		expect(connector.config).toEqual({ drive_id: 'drive-0042', recursive: false, service_account_key: '**********' });
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
		const [sent] = await sourcesSent();
		expect((sent.json as { config: unknown }).config).toEqual({ drive_id: 'drive-0042', recursive: false, service_account_key: reference });
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('encrypts and registers the credential’s service-account key first: only its reference reaches /sources', async () => {
		const result = await bed.run(driveFields(), keyCredential(SA_KEY));

		const log = await bed.requests();
		expect(log.map((r) => r.path)).toEqual(['/api/v1/users/retrieve', '/api/v1/users/secrets', '/api/v1/sources']);
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(SA_KEY);
		const sentConfig = (log[2].json as { config: Record<string, unknown> }).config;
		expect(sentConfig.service_account_key).toEqual({ id: secret.id, type: 'rsa_aes' });
		expect(JSON.stringify(log)).not.toContain(MARKER);
		expect(result.output[0][0].json.config).toEqual({ drive_id: 'drive-0042', recursive: true, service_account_key: '**********' });
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('takes the key from a binary file (Options › Service Account Key File)', async () => {
		await bed.run(driveFields({ cfg_google_drive_options: { serviceAccountKeyFile: 'key' } }), {
			items: [{ json: {}, binary: { key: { data: SA_KEY, fileName: 'sa.json', mimeType: 'application/json' } } }],
		});
		const [secret] = await bed.secrets();
		expect(secret.plaintext).toBe(SA_KEY);
		const [sent] = await sourcesSent();
		expect((sent.json as { config: Record<string, unknown> }).config.service_account_key).toEqual({ id: secret.id, type: 'rsa_aes' });
	});

	it('for another type, replaces the plaintexts of the chosen keys (nested too) and keeps given references', async () => {
		const existing = await registerDirectly('existing-ä');
		const config = {
			bucket: 'invoices',
			access_key: existing,
			auth: { token: `${MARKER}-token-ö` },
			region: 'eu-1',
		};
		// A secret comes by expression (a typed one is refused: n8n would save it).
		const result = await bed.run(otherJson('={{ $json.config }}', { encryptedKeysOfConfig: 'access_key, auth.token, not_there' }), { items: [{ json: { config } }] });

		const [sent] = await sourcesSent();
		const sentConfig = (sent.json as { type: string; config: { access_key: unknown; auth: { token: { id: string } } } });
		expect(sentConfig.type).toBe('example_store');
		expect(sentConfig.config.access_key).toEqual(existing);
		expect(sentConfig.config.auth.token).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		const byId = new Map((await bed.secrets()).map((s) => [s.id, s.plaintext]));
		expect(byId.get(sentConfig.config.auth.token.id)).toBe(`${MARKER}-token-ö`);
		expect(result.output[0][0].json).toMatchObject({ type: 'example_store', config: { bucket: 'invoices', access_key: '**********', region: 'eu-1' } });
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
	});

	it('accepts the config as an object from an expression, and the drive type in JSON mode', async () => {
		const result = await bed.run(driveJson('={{ $json.config }}'), {
			items: [{ json: { config: { drive_id: 'd-7', service_account_key: JSON.parse(SA_KEY) as object } } }],
		});
		const [secret] = await bed.secrets();
		// A key given as an object is registered as its JSON text.
		expect(JSON.parse(secret.plaintext)).toEqual(JSON.parse(SA_KEY));
		expect(result.output[0][0].json.config).toEqual({ drive_id: 'd-7', recursive: true, service_account_key: '**********' });
	});

	it('fetches the public key once for many items with inline secrets', async () => {
		const items = Array.from({ length: 10 }, (_, i) => ({ json: { key: SA_KEY.replace(MARKER, `${MARKER}-${i}`) } }));
		const result = await bed.run({ ...driveJson('={{ { "drive_id": "d", "service_account_key": $json.key } }}'), sourceName: '={{ "drive " + $itemIndex }}' }, { items });
		expect(result.output[0].map((item) => item.json.name)).toEqual(items.map((_, i) => `drive ${i}`));
		const log = await bed.requests();
		expect(log.filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(1);
		expect(log.filter((r) => r.path === '/api/v1/users/secrets')).toHaveLength(10);
		expect(log.filter((r) => r.path === '/api/v1/sources')).toHaveLength(10);
		expect(JSON.stringify(log) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('an unknown secret reference is a clear 4xx error', async () => {
		const error = await caught(bed.run(driveJson('{"drive_id": "d", "service_account_key": {"id": "secret-that-does-not-exist", "type": "rsa_aes"}}')));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('422');
		expect(error.message).toMatch(/^The service could not accept the input: .*service_account_key.*secret-that-does-not-exist not found/);
		// In the form's words: the key and its label.
		expect(error.description).toMatch(/^Correct Config \(JSON\) key "service_account_key" \(Service Account Key \(JSON\)\)/);
	});

	it('when creation fails after inline registration, the error names the registered reference but never the plaintext', async () => {
		const config = { drive_id: 'd', service_account_key: SA_KEY, other_key: { id: 'unknown-id', type: 'rsa_aes' } };
		const error = await caught(bed.run(otherJson('={{ $json.config }}', { encryptedKeysOfConfig: 'other_key' }), { items: [{ json: { config } }] }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/unknown-id not found/);
		const [secret] = await bed.secrets();
		expect(error.description).toContain(`service_account_key → {"id": "${secret.id}", "type": "rsa_aes"}`);
		expect(errorText(error)).not.toContain(MARKER);
	});

	it('with Continue On Fail, the failed item’s error carries no plaintext', async () => {
		await bed.fault({ method: 'POST', path: '/api/v1/sources', status: 500, detail: 'boom' });
		const result = await bed.run(driveFields(), { ...keyCredential(SA_KEY), continueOnFail: true });
		const [item] = result.output[0];
		expect(item.json.error).toBe('The service failed (HTTP 500): boom');
		expect(item.json.errorDescription).toMatch(/can be reused as references: service_account_key → /);
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	describe('checks the input locally before any request', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			['a reference without type', driveJson('{"drive_id": "d", "service_account_key": {"id": "abc"}}'), /^The secret reference in Config \(JSON\) key "service_account_key" \(Service Account Key \(JSON\)\) has no type$/],
			['config JSON that does not parse', otherJson(`{"password": "${MARKER}"`), /^Config \(JSON\) is not valid JSON \(the text ends too early\)$/],
			['config JSON that is not an object', otherJson('[1, 2]'), /^Config \(JSON\) must be a JSON object$/],
			['a typed secret in config JSON', otherJson(`{"password": "${MARKER}"}`), /^Config \(JSON\) holds a typed secret at "password"$/],
			['a key file that is not JSON', driveFields({ cfg_google_drive_options: { serviceAccountKeyFile: 'key' } }), /^Service Account Key \(JSON\) is not valid JSON \(line 3, column 3\)$/],
			['an empty secret key in JSON', otherJson('{"token": ""}', { encryptedKeysOfConfig: 'token' }), /^The secret in config key "token" is empty$/],
			['an empty name', driveFields({ sourceName: '={{ " " }}' }), /^Name is empty$/],
			['an empty type name', otherJson('{}', { otherTypeName: '={{ "" }}' }), /^Type Name is empty$/],
		];
		const keyFile = [{ json: {}, binary: { key: { data: `{\n  "a": 1,\n  ${MARKER}\n}`, fileName: 'sa.json', mimeType: 'application/json' } } }];
		it.each(cases)('%s', async (_name, parameters, message) => {
			const error = await caught(bed.run(parameters, { items: keyFile }));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(message);
			expect(errorText(error)).not.toContain(MARKER);
			expect(await bed.requests()).toEqual([]);
		});
	});
});
