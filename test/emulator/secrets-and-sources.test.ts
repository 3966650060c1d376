import { createPublicKey } from 'node:crypto';
import { detailText } from './test-support/client';
import { encryptForService, type Envelope } from './test-support/envelope';
import { useEmulator, type ConnectorBody as SourceBody } from './test-support/fixtures';

interface KeyRecord {
	pem_key: string;
	tenant_id: string;
	user_id: string;
}


const h = useEmulator();

async function publicKey(): Promise<string> {
	return (await h.client.api<KeyRecord>('/api/v1/users/retrieve', { method: 'POST' })).body.pem_key;
}

async function registerSecret(plaintext: string): Promise<{ id: string; type: string }> {
	const response = await h.client.api<{ id: string; type: string }>('/api/v1/users/secrets', { json: encryptForService(await publicKey(), plaintext) });
	expect(response.status).toBe(200);
	return response.body;
}

describe('public key retrieval', () => {
	it('returns an RSA-2048 SPKI public key with tenant and user ids', async () => {
		const response = await h.client.api<KeyRecord>('/api/v1/users/retrieve', { method: 'POST' });
		expect(response.status).toBe(200);
		expect(response.body.pem_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
		const key = createPublicKey(response.body.pem_key);
		expect(key.asymmetricKeyType).toBe('rsa');
		expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
		expect(response.body.tenant_id).toEqual(expect.any(String));
		expect(response.body.user_id).toEqual(expect.any(String));
		expect(response.text).toContain('\\n');
	});
});

describe('secret registration', () => {
	it('decrypts the envelope; the plaintext is readable only through the control endpoint', async () => {
		const plaintext = '{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\nabc\\n"} ünïcödé';
		const reference = await registerSecret(plaintext);
		expect(reference).toEqual({ id: expect.any(String), type: 'rsa_aes' });
		const secrets = await h.client.control<{ secrets: Array<{ id: string; type: string; plaintext: string }> }>('/secrets');
		expect(secrets.body.secrets).toEqual([{ id: reference.id, type: 'rsa_aes', plaintext }]);
		expect((await h.client.control('/state')).body).toMatchObject({ secrets: 1 });
	});

	const tamper = async (change: (envelope: Envelope) => Record<string, unknown>): Promise<{ status: number; body: unknown }> => {
		const envelope = encryptForService(await publicKey(), 'secret value');
		return h.client.api('/api/v1/users/secrets', { json: change(envelope) });
	};

	it.each<[string, (envelope: Envelope) => Record<string, unknown>, string]>([
		['a wrong type', (e) => ({ ...e, type: 'rsa' }), 'type'],
		['a missing field', ({ encrypted_value: _value, ...rest }) => rest, 'encrypted_value'],
		['bad Base64', (e) => ({ ...e, aes_iv: '***not base64***' }), 'aes_iv'],
		['an IV of the wrong length', (e) => ({ ...e, aes_iv: Buffer.alloc(8).toString('base64') }), 'aes_iv'],
		['an AES key not encrypted with the account key', (e) => ({ ...e, encrypted_aes_key: Buffer.alloc(256, 7).toString('base64') }), 'encrypted_aes_key'],
	])('rejects %s with 422', async (_label, change, field) => {
		const response = await tamper(change);
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toContain(field);
		expect((await h.client.control('/state')).body).toMatchObject({ secrets: 0 });
	});

	it('rejects a key encrypted with another RSA key or with PKCS#1 v1.5 padding', async () => {
		const { generateKeyPairSync, publicEncrypt, constants, randomBytes } = await import('node:crypto');
		const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
		const foreign = encryptForService(other, 'x');
		expect((await h.client.api('/api/v1/users/secrets', { json: foreign })).status).toBe(422);
		const envelope = encryptForService(await publicKey(), 'x');
		const pkcs1 = publicEncrypt({ key: await publicKey(), padding: constants.RSA_PKCS1_PADDING }, randomBytes(32)).toString('base64');
		expect((await h.client.api('/api/v1/users/secrets', { json: { ...envelope, encrypted_aes_key: pkcs1 } })).status).toBe(422);
	});

	it('rejects a body that is not JSON', async () => {
		const response = await fetch(`${h.emulator.url}/api/v1/users/secrets`, {
			method: 'POST',
			headers: { 'service-api-key': h.emulator.apiKey, 'content-type': 'application/json' },
			body: '{"encrypted_aes_key": ',
		});
		expect(response.status).toBe(422);
		expect(JSON.stringify(await response.json())).toContain('invalid JSON');
	});
});

describe('source connectors', () => {
	it('creates a google_drive source with a secret reference, masks it and defaults recursive to true', async () => {
		const reference = await registerSecret('{"private_key":"x"}');
		const response = await h.client.api<SourceBody>('/api/v1/sources', {
			json: { name: 'Drive', type: 'google_drive', config: { drive_id: 'drive-123', service_account_key: reference } },
		});
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({ name: 'Drive', type: 'google_drive', config: { drive_id: 'drive-123', recursive: true, service_account_key: '**********' } });
		expect(response.body.id).toEqual(expect.any(String));
		expect(Number.isNaN(Date.parse(response.body.created_at))).toBe(false);
		expect(Number.isNaN(Date.parse(response.body.updated_at))).toBe(false);
		expect(response.text).not.toContain(reference.id);
	});

	it('keeps an explicit recursive=false and masks a plaintext key too', async () => {
		const response = await h.client.api<SourceBody>('/api/v1/sources', {
			json: { name: 'Drive', type: 'google_drive', config: { drive_id: 'd', recursive: false, service_account_key: '{"private_key":"plain"}' } },
		});
		expect(response.body.config).toEqual({ drive_id: 'd', recursive: false, service_account_key: '**********' });
	});

	it('rejects a reference to a secret that does not exist, naming the key', async () => {
		const response = await h.client.api('/api/v1/sources', {
			json: { name: 'Drive', type: 'google_drive', config: { drive_id: 'd', service_account_key: { id: 'missing-secret', type: 'rsa_aes' } } },
		});
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toContain('service_account_key');
		expect(detailText(response.body)).toContain('missing-secret');
		expect((await h.client.control('/state')).body).toMatchObject({ sources: 0 });
	});

	it('requires drive_id and service_account_key for google_drive, and name/type/config for all', async () => {
		const noDrive = await h.client.api('/api/v1/sources', { json: { name: 'D', type: 'google_drive', config: { service_account_key: 'k' } } });
		expect(noDrive.status).toBe(422);
		expect(detailText(noDrive.body)).toContain('drive_id');
		const noKey = await h.client.api('/api/v1/sources', { json: { name: 'D', type: 'google_drive', config: { drive_id: 'd' } } });
		expect(detailText(noKey.body)).toContain('service_account_key');
		const bare = await h.client.api('/api/v1/sources', { json: { config: 'x' } });
		expect(bare.status).toBe(422);
		for (const field of ['name', 'type', 'config']) expect(detailText(bare.body)).toContain(field);
	});

	it('keeps keys the documented model lacks, masking fields that look secret or were references', async () => {
		const reference = await registerSecret('s3cr3t');
		const response = await h.client.api<SourceBody>('/api/v1/sources', {
			json: { name: 'Bucket', type: 's3', config: { remote_url: 's3://bucket', key: 'AKIA', secret: 'abc', token: 't', password: 'p', credentials: reference, recursive: false } },
		});
		expect(response.status).toBe(200);
		expect(response.body.config).toEqual({
			remote_url: 's3://bucket',
			key: '**********',
			secret: '**********',
			token: '**********',
			password: '**********',
			credentials: '**********',
			recursive: false,
			anonymous: false,
		});
	});
});
