/**
 * Real n8n (issues 46, 51): a Register Secret output (its secret given by an expression at run
 * time) mapped into a connector's Config (JSON) from an earlier node (`$('Register Secret').item.json`,
 * another node in between) is sent as that secret's reference; nothing is registered a second time.
 */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const SECRET = `E2E-SECRET-ID-${randomUUID()}`;

describe('real n8n: a mapped Register Secret output', () => {
	const suite = useE2eSuite({ label: 'connector-secret-id' });

	it('sends the reference of the registered secret, registering nothing more', async () => {
		const { e2e, client } = suite;
		const credential = await suite.importEmulatorCredential();
		const run = await e2e.execute(await e2e.importWorkflow(loadWorkflow('connector-form-secret-id.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, SECRET })));
		expect(run.status).toBe('success');
		const [registered] = nodeOutputJson(run.data, 'Register Secret');
		const secrets = (await client.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).body.secrets;
		expect(secrets.filter((s) => s.plaintext.startsWith(SECRET))).toEqual([{ id: registered.id, type: 'rsa_aes', plaintext: `${SECRET}-id` }]);
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		const created = requests.filter((r) => r.method === 'POST' && r.path.replace(/\/$/, '') === '/api/v1/destinations').map((r) => r.json as { name: string; config: unknown });
		expect(created.filter((body) => body.name === 'E2E Pinecone by reference')).toEqual([
			{ name: 'E2E Pinecone by reference', type: 'pinecone', config: { api_key: { id: registered.id, type: 'rsa_aes' }, index_name: 'e2e-ids', namespace: 'e2e', batch_size: 50 } },
		]);
		expect(JSON.stringify(requests)).not.toContain(SECRET);
	}, 5 * 60_000);
});
