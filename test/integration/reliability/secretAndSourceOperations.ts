/** Fault-matrix rows of the operations that carry secrets: Register Secret (and its public-key fetch), Create Source Connector. */
import { type Bench, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY } from './bench';
import { actionCase, json } from './actionCase';
import type { OperationUnderTest, PreparedCase } from './operations';

/** Register Secret of one plaintext; the two rows differ in the request they fault (the key fetch or the registration). */
const registerSecret = (bench: Bench, target: PreparedCase['target'], succeeded: PreparedCase['succeeded']): PreparedCase =>
	actionCase(bench, target, { resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: '={{ $json.secret }}' }, [{ json: { secret: SECRET_PLAINTEXT } }], succeeded);

export function secretAndSourceOperations(): OperationUnderTest[] {
	return [
		{
			name: 'secret.register',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'secrets' },
			prepare: async (bench) =>
				registerSecret(bench, { method: 'POST', path: '/api/v1/users/secrets' }, async (outcome) => {
					expect(json(outcome)).toEqual({ id: expect.any(String), type: 'rsa_aes' });
					const stored = (await bench.storedSecrets()).find((secret) => secret.id === json(outcome).id);
					expect(stored?.plaintext).toBe(SECRET_PLAINTEXT);
				}),
		},
		{
			name: 'secret.register (key)',
			idempotent: true,
			itemIndex: 0,
			effects: { after: 'secrets' },
			prepare: async (bench) =>
				registerSecret(bench, { method: 'POST', path: '/api/v1/users/retrieve' }, (outcome) =>
					expect(json(outcome)).toEqual({ id: expect.any(String), type: 'rsa_aes' }),
				),
		},
		{
			name: 'source.create',
			idempotent: false,
			itemIndex: 0,
			effects: { before: 'secrets', creates: 'sources' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/sources' },
					{
						resource: 'source',
						operation: 'create',
						sourceName: 'Invoices',
						connectorTypeId: 'google_drive',
						configInput: 'json',
						connectorConfigJson: '={{ { "drive_id": "drive-1", "service_account_key": $json.key } }}',
					},
					[{ json: { key: SERVICE_ACCOUNT_KEY } }],
					(outcome) => expect(json(outcome)).toMatchObject({ name: 'Invoices', type: 'google_drive', config: { drive_id: 'drive-1', service_account_key: '**********' } }),
				),
		},
	];
}
