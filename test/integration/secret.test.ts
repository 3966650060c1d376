import { generateKeyPairSync } from 'node:crypto';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();

const MARKER = 'PLAINTEXT-MARKER-c0ffee';
const register = (extra: Record<string, unknown> = {}) => ({ resource: 'secret', operation: 'register', ...extra });
/** Register Secret's default input: the secret from a Document Processing Secret credential. */
const fromCredential = (secret: string) => ({ credentials: { ...bed.credentials, documentProcessingSecretApi: { secret } } });
/** Secret Input › Expression: the secret from the item. */
const fromExpression = (expression: string, extra: Record<string, unknown> = {}) => register({ secretInput: 'expression', secretValue: expression, ...extra });

function serviceAccountKey(minBytes: number): string {
	const key = {
		type: 'service_account',
		project_id: 'demo-projekt-ü',
		private_key_id: MARKER,
		private_key: `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'.repeat(Math.ceil(minBytes / 32))}\n-----END PRIVATE KEY-----\n`,
		client_email: 'robot@demo.iam.example.com',
	};
	return JSON.stringify(key, null, 2);
}

describe('Register Secret against the emulator', () => {
	it('registers a non-ASCII text secret: the emulator decrypts exactly it, the output is only {id, type}', async () => {
		const secret = `${MARKER} Grüße, 秘密のパスワード 🔐 \t"quoted"\\ end`;
		const result = await bed.run(register(), fromCredential(secret));

		expect(result.output[0]).toHaveLength(1);
		const item = result.output[0][0];
		expect(Object.keys(item.json).sort()).toEqual(['id', 'type']);
		expect(item.json.type).toBe('rsa_aes');
		expect(item.pairedItem).toEqual({ item: 0 });

		const stored = await bed.secrets();
		expect(stored).toEqual([{ id: item.json.id, type: 'rsa_aes', plaintext: secret }]);

		const sent = (await bed.requests()).filter((r) => r.path === '/api/v1/users/secrets');
		expect(sent).toHaveLength(1);
		expect(Object.keys(sent[0].json as object).sort()).toEqual(['aes_iv', 'encrypted_aes_key', 'encrypted_value', 'type']);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain(MARKER);
	});

	it('registers a 10 kB service-account JSON file from a binary property, checked as JSON', async () => {
		const key = serviceAccountKey(10_240);
		expect(Buffer.byteLength(key)).toBeGreaterThan(10_240);
		const result = await bed.run(register({ secretInput: 'binary', binaryPropertyName: 'keyFile', options: { isJson: true } }), {
			items: [{ json: {}, binary: { keyFile: { data: key, fileName: 'sa.json', mimeType: 'application/json' } } }],
		});
		const { id } = result.output[0][0].json;
		expect((await bed.secrets()).find((s) => s.id === id)?.plaintext).toBe(key);
		expect(JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('reads the binary the same way when n8n keeps it in memory', async () => {
		const result = await bed.run(register({ secretInput: 'binary' }), {
			binaryMode: 'default',
			items: [{ json: {}, binary: { data: { data: '\uFEFFpässwört', fileName: 'secret.txt', mimeType: 'text/plain' } } }],
		});
		expect((await bed.secrets())[0]).toMatchObject({ id: result.output[0][0].json.id, plaintext: 'pässwört' });
	});

	it('fetches the public key once for many items, each item registering its own secret', async () => {
		const items = Array.from({ length: 12 }, (_, i) => ({ json: { secret: `${MARKER}-${i}-ä` } }));
		const result = await bed.run(fromExpression('={{ $json.secret }}'), { items });

		expect(result.output[0]).toHaveLength(12);
		result.output[0].forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		const log = await bed.requests();
		expect(log.filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(1);
		expect(log.filter((r) => r.path === '/api/v1/users/secrets')).toHaveLength(12);
		const byId = new Map((await bed.secrets()).map((s) => [s.id, s.plaintext]));
		result.output[0].forEach((item, i) => expect(byId.get(item.json.id as string)).toBe(`${MARKER}-${i}-ä`));

		// A second run in the same process reuses the cached key.
		await bed.run(register(), fromCredential('another one'));
		expect((await bed.requests()).filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(1);
	});

	describe('a public key that cannot be used is a clear error and registers nothing', () => {
		const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
		const cases: Array<[string, () => string, RegExp]> = [
			['a PKCS#8 private key', () => pair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), /private key, not a public key/],
			['a PKCS#1 private key', () => pair().privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(), /private key, not a public key/],
			['garbage', () => 'this is not a key', /not in PEM format/],
			['a damaged PEM', () => '-----BEGIN PUBLIC KEY-----\nAAAAB3NzaC1yc2E=\n-----END PUBLIC KEY-----\n', /cannot be read/],
			[
				'an EC public key',
				() => generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
				/type "ec", not RSA/,
			],
		];
		it.each(cases)('%s', async (_name, pem, message) => {
			const pemKey = pem();
			await bed.fault({ method: 'POST', path: '/api/v1/users/retrieve', body: { pem_key: pemKey, tenant_id: 't', user_id: 'u' } });
			const error = await caught(bed.run(register(), fromCredential(MARKER)));

			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(/^The account’s public key cannot be used: /);
			expect(error.message).toMatch(message);
			expect(error.description).toMatch(/ Nothing was registered\. \(POST \/api\/v1\/users\/retrieve or GET \/api\/v1\/users\/secrets\/encryption-certificate\)$/);
			expect(error.description).not.toMatch(/^(POST|GET) /);
			const text = errorText(error);
			expect(text).not.toContain(MARKER);
			const keyBody = pemKey.split('\n')[1];
			if (keyBody) expect(text).not.toContain(keyBody);
			expect((await bed.requests()).filter((r) => r.path === '/api/v1/users/secrets')).toEqual([]);

			// The bad key is not cached: the next run fetches the real key and succeeds.
			const result = await bed.run(register(), fromCredential(MARKER));
			expect((await bed.secrets())[0]).toMatchObject({ id: result.output[0][0].json.id, plaintext: MARKER });
		});

		it('a record without pem_key', async () => {
			await bed.fault({ method: 'POST', path: '/api/v1/users/retrieve', body: { tenant_id: 't' } });
			const error = await caught(bed.run(register(), fromCredential(MARKER)));
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toMatch(/^The service’s answer could not be read: pem_key/);
			expect(error.description).toMatch(/\(POST \/api\/v1\/users\/retrieve\)$/);
		});
	});

	it('checks "secret is JSON" locally, without quoting the secret and without any request', async () => {
		const error = await caught(bed.run(register({ options: { isJson: true } }), fromCredential(`{"private_key": "${MARKER}",\n oops}`)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^Secret is not valid JSON \(line 2, column \d+\)$/);
		expect(errorText(error)).not.toContain(MARKER);
		expect(await bed.requests()).toEqual([]);
	});

	it('refuses an empty secret and a missing or non-UTF-8 binary property, naming the field', async () => {
		const empty = await caught(bed.run(fromExpression('={{ "" }}')));
		expect(empty.message).toBe('Secret is empty');

		const missing = await caught(bed.run(register({ secretInput: 'binary', binaryPropertyName: 'nope' })));
		expect(missing).toBeInstanceOf(NodeOperationError);
		expect(missing.message).toMatch(/nope/);

		const binary = await caught(
			bed.run(register({ secretInput: 'binary' }), {
				items: [{ json: {}, binary: { data: { data: Buffer.from([0xff, 0xfe, 0x00, 0x41]), fileName: 'k.p12', mimeType: 'application/x-pkcs12' } } }],
			}),
		);
		expect(binary.message).toBe('The Secret file cannot be used: the file is not UTF-8 text (item 0, Input Binary Field "data", file "k.p12")');
		expect(await bed.requests()).toEqual([]);
	});

	it('refuses a secret typed into the expression field (n8n would save it), before any request', async () => {
		const error = await caught(bed.run(fromExpression(MARKER)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Secret holds a typed value');
		expect(error.description).toMatch(/Map the secret by expression .+, or set Secret Input to Credential\.$/);
		expect(errorText(error)).not.toContain(MARKER);
		expect(await bed.requests()).toEqual([]);
	});

	it('asks for the credential when Secret Input is Credential and none is picked, and refuses an empty one', async () => {
		const none = await caught(bed.run(register()));
		expect(none.message).toBe('No Document Processing Secret API credential is picked');
		const empty = await caught(bed.run(register(), fromCredential('')));
		expect(empty.message).toBe('Secret is empty');
		expect(await bed.requests()).toEqual([]);
	});

	it('with Continue On Fail, a bad item becomes an error item without the plaintext and the others register', async () => {
		const items = [{ json: { s: '{"ok": true}' } }, { json: { s: `${MARKER} not json` } }, { json: { s: '["fine"]' } }];
		const result = await bed.run(fromExpression('={{ $json.s }}', { options: { isJson: true } }), { items, continueOnFail: true });
		const out = result.output[0];
		expect(out).toHaveLength(3);
		expect(out[0].json).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		expect(out[1].json.error).toMatch(/^Secret is not valid JSON/);
		expect([out[1].pairedItem].flat()).toEqual([{ item: 1 }]);
		expect(out[2].json).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		expect(JSON.stringify(out)).not.toContain(MARKER);
		expect((await bed.secrets()).map((s) => s.plaintext).sort()).toEqual(['["fine"]', '{"ok": true}']);
	});

	it('a refused registration is a clear service error without the plaintext, and the key is fetched afresh next time', async () => {
		await bed.fault({ method: 'POST', path: '/api/v1/users/secrets', status: 422, detail: 'encrypted_aes_key could not be decrypted' });
		const error = await caught(bed.run(register(), fromCredential(MARKER)));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('422');
		expect(error.message).toBe('The service could not accept the input: encrypted_aes_key could not be decrypted');
		expect(errorText(error)).not.toContain(MARKER);

		await bed.run(register(), fromCredential(MARKER));
		expect((await bed.requests()).filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(2);
	});

	it('does not resend a registration whose connection broke after it was sent (it may have been created)', async () => {
		await bed.fault({ method: 'POST', path: '/api/v1/users/secrets', reset: 'after_read' });
		const error = await caught(bed.run(register(), fromCredential(MARKER)));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toMatch(/not sent again/);
		expect((await bed.requests()).filter((r) => r.path === '/api/v1/users/secrets')).toHaveLength(1);
		expect(errorText(error)).not.toContain(MARKER);
	});
});
