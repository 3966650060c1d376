import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed, type LoggedRequest } from './support/secrets';

const bed = secretTestBed();

const MARKER = 'PLAINTEXT-MARKER-5ec7e7';
const SA_KEY = JSON.stringify({ type: 'service_account', private_key: `-----BEGIN PRIVATE KEY-----\n${MARKER}\n-----END PRIVATE KEY-----\n`, client_email: 'bot@x.example' });

const create = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'source', operation: 'create', sourceName: 'Invoices drive', ...extra });
const driveFields = (extra: INodeParameters = {}): INodeParameters => create({ connectorType: 'google_drive', configMode: 'fields', driveId: 'drive-0042', ...extra });

const sourcesSent = async (): Promise<LoggedRequest[]> => (await bed.requests()).filter((r) => r.path === '/api/v1/sources');

async function registerDirectly(plaintext: string): Promise<{ id: string; type: string }> {
	const result = await bed.run({ resource: 'secret', operation: 'register', secretValue: plaintext });
	return result.output[0][0].json as { id: string; type: string };
}

describe('Create Source Connector against the emulator', () => {
	it('creates a drive connector from an existing reference, mapped by expressions from a Register Secret output', async () => {
		const reference = await registerDirectly(SA_KEY);
		const result = await bed.run(driveFields({ serviceAccountKeyInput: 'reference', referenceId: '={{ $json.id }}', referenceType: '={{ $json.type }}', recursive: false }), {
			items: [{ json: reference }],
		});

		const connector = result.output[0][0].json;
		expect(connector).toMatchObject({ id: expect.any(String), name: 'Invoices drive', type: 'google_drive', created_at: expect.any(String), updated_at: expect.any(String) });
		expect(connector.config).toEqual({ drive_id: 'drive-0042', recursive: false, service_account_key: '**********' });
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
		const [sent] = await sourcesSent();
		expect((sent.json as { config: unknown }).config).toEqual({ drive_id: 'drive-0042', recursive: false, service_account_key: reference });
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('encrypts and registers an inline service-account key first: only its reference reaches /sources', async () => {
		const result = await bed.run(driveFields({ serviceAccountKeyInput: 'text', serviceAccountKey: SA_KEY }));

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

	it('takes the inline key from a binary file', async () => {
		await bed.run(driveFields({ serviceAccountKeyInput: 'binary', binaryPropertyName: 'key' }), {
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
		const result = await bed.run(
			create({ connectorType: 'other', customType: 'example_store', configJson: JSON.stringify(config), encryptedConfigKeys: 'access_key, auth.token, not_there' }),
		);

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
		const result = await bed.run(create({ configMode: 'json', configJson: '={{ $json.config }}' }), {
			items: [{ json: { config: { drive_id: 'd-7', service_account_key: JSON.parse(SA_KEY) as object } } }],
		});
		const [secret] = await bed.secrets();
		// A key given as an object is registered as its JSON text.
		expect(JSON.parse(secret.plaintext)).toEqual(JSON.parse(SA_KEY));
		expect(result.output[0][0].json.config).toEqual({ drive_id: 'd-7', recursive: true, service_account_key: '**********' });
	});

	it('fetches the public key once for many items with inline secrets', async () => {
		const items = Array.from({ length: 10 }, (_, i) => ({ json: { key: SA_KEY.replace(MARKER, `${MARKER}-${i}`) } }));
		const result = await bed.run(driveFields({ serviceAccountKeyInput: 'text', serviceAccountKey: '={{ $json.key }}', sourceName: '={{ "drive " + $itemIndex }}' }), { items });
		expect(result.output[0].map((item) => item.json.name)).toEqual(items.map((_, i) => `drive ${i}`));
		const log = await bed.requests();
		expect(log.filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(1);
		expect(log.filter((r) => r.path === '/api/v1/users/secrets')).toHaveLength(10);
		expect(log.filter((r) => r.path === '/api/v1/sources')).toHaveLength(10);
		expect(JSON.stringify(log) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('an unknown secret reference is a clear 4xx error', async () => {
		const error = await caught(bed.run(driveFields({ referenceId: 'secret-that-does-not-exist', referenceType: 'rsa_aes' })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('422');
		expect(error.message).toMatch(/^The service could not accept the input: .*service_account_key.*secret-that-does-not-exist not found/);
		expect(error.description).toMatch(/^Correct the fields the service names above/);
	});

	it('when creation fails after inline registration, the error names the registered reference but never the plaintext', async () => {
		const config = { drive_id: 'd', service_account_key: SA_KEY, other_key: { id: 'unknown-id', type: 'rsa_aes' } };
		const error = await caught(
			bed.run(create({ configMode: 'json', configJson: JSON.stringify(config), encryptedConfigKeys: 'service_account_key, other_key' })),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/unknown-id not found/);
		const [secret] = await bed.secrets();
		expect(error.description).toContain(`service_account_key → {"id": "${secret.id}", "type": "rsa_aes"}`);
		expect(errorText(error)).not.toContain(MARKER);
	});

	it('with Continue On Fail, the failed item’s error carries no plaintext', async () => {
		await bed.fault({ method: 'POST', path: '/api/v1/sources', status: 500, detail: 'boom' });
		const result = await bed.run(driveFields({ serviceAccountKeyInput: 'text', serviceAccountKey: SA_KEY }), { continueOnFail: true });
		const [item] = result.output[0];
		expect(item.json.error).toBe('The service failed (HTTP 500): boom');
		expect(item.json.errorDescription).toMatch(/can be reused as references: service_account_key → /);
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	describe('checks the input locally before any request', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			['a reference without type', create({ configMode: 'json', configJson: '{"drive_id": "d", "service_account_key": {"id": "abc"}}' }), /^The secret reference in config key "service_account_key" has no type$/],
			['an empty Secret ID', driveFields({ referenceId: '={{ "" }}' }), /^The secret reference in the Secret ID \/ Secret Type fields has no id$/],
			['config JSON that does not parse', create({ connectorType: 'other', customType: 'x', configJson: `{"password": "${MARKER}"` }), /^Config \(JSON\) is not valid JSON \(the text ends too early\)$/],
			['config JSON that is not an object', create({ connectorType: 'other', customType: 'x', configJson: '[1, 2]' }), /^Config \(JSON\) must be a JSON object$/],
			['an inline key that is not JSON', driveFields({ serviceAccountKeyInput: 'text', serviceAccountKey: `{\n  "a": 1,\n  ${MARKER}\n}` }), /^Service Account Key is not valid JSON \(line 3, column 3\)$/],
			['an inline key that is JSON but no object', driveFields({ serviceAccountKeyInput: 'text', serviceAccountKey: `"${MARKER}"` }), /^Service Account Key is JSON but not an object$/],
			['an empty secret key in JSON', create({ connectorType: 'other', customType: 'x', configJson: '{"token": ""}', encryptedConfigKeys: 'token' }), /^The secret in config key "token" is empty$/],
			['an empty name', driveFields({ sourceName: '={{ " " }}', referenceId: 'r-1' }), /^Name is empty$/],
			['an empty type name', create({ connectorType: 'other', customType: '={{ "" }}' }), /^Type Name is empty$/],
		];
		it.each(cases)('%s', async (_name, parameters, message) => {
			const error = await caught(bed.run(parameters));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(message);
			expect(errorText(error)).not.toContain(MARKER);
			expect(await bed.requests()).toEqual([]);
		});
	});
});
