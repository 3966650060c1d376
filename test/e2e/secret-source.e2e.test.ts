/**
 * Real n8n (issue 5): a CLI-imported workflow registers a secret with the packed node, creates a
 * drive source connector from the secret's reference (mapped by expressions), and a second one
 * with an inline key that the node encrypts and registers itself. The emulator decrypts what it
 * got; the plaintext never appears in the execution data or in what reached /sources.
 */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const MARKER = `E2E-PLAINTEXT-${randomUUID()}`;
const SERVICE_ACCOUNT_KEY = JSON.stringify({
	type: 'service_account',
	project_id: 'e2e-projekt-ü',
	private_key: `-----BEGIN PRIVATE KEY-----\n${MARKER}\n-----END PRIVATE KEY-----\n`,
	client_email: 'robot@e2e.iam.example.com',
});

describe('real n8n: Register Secret and Create Source Connector', () => {
	const suite = useE2eSuite({ label: 'secret-source' });

	it('registers a secret and creates connectors with its reference and with an inline key', async () => {
		const { e2e, client } = suite;
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('secret-and-source.json', {
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				DRIVE_ID: 'e2e-drive-0001',
				SERVICE_ACCOUNT_KEY,
			}),
		);

		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('success');

		const [reference] = nodeOutputJson(run.data, 'Register Secret');
		expect(Object.keys(reference).sort()).toEqual(['id', 'type']);
		expect(reference.type).toBe('rsa_aes');

		const [viaReference] = nodeOutputJson(run.data, 'Create Source');
		expect(viaReference).toMatchObject({
			name: 'E2E drive (reference)',
			type: 'google_drive',
			config: { drive_id: 'e2e-drive-0001', recursive: true, service_account_key: '**********' },
		});
		const [inline] = nodeOutputJson(run.data, 'Create Source Inline');
		expect(inline).toMatchObject({
			name: 'E2E drive (inline key)',
			config: { drive_id: 'e2e-drive-0001', recursive: false, service_account_key: '**********' },
		});

		// The emulator decrypted both registrations to the exact key.
		const secrets = (await client.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).body.secrets;
		expect(secrets).toHaveLength(2);
		for (const secret of secrets) expect(secret.plaintext).toBe(SERVICE_ACCOUNT_KEY);

		// /sources only ever received references, the first one the Register Secret output.
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		const sources = requests.filter((r) => r.path === '/api/v1/sources');
		expect(sources).toHaveLength(2);
		const sentKeys = sources.map((r) => (r.json as { config: { service_account_key: unknown } }).config.service_account_key);
		expect(sentKeys[0]).toEqual(reference);
		expect(sentKeys[1]).toEqual({ id: secrets.find((s) => s.id !== reference.id)?.id, type: 'rsa_aes' });
		// One key fetch for the whole execution (two operations, one process).
		expect(requests.filter((r) => r.path === '/api/v1/users/retrieve')).toHaveLength(1);

		expect(JSON.stringify(requests)).not.toContain(MARKER);
		expect(JSON.stringify(run.data.resultData.runData)).not.toContain(MARKER);
		expect(run.log).not.toContain(MARKER);
	}, 5 * 60_000);

	it('keeps a typed secret out of the saved errors when registering it fails', async () => {
		const { e2e, client } = suite;
		const credential = await suite.importEmulatorCredential('Document Processing (failing)');
		const typed = `E2E-TYPED-SECRET-${randomUUID()}`;
		// The workflow's Register Secret checks the secret is JSON, so the typed value is a JSON key.
		const typedKey = JSON.stringify({ type: 'service_account', private_key: typed });
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('secret-and-source.json', {
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				DRIVE_ID: 'e2e-drive-0002',
				SERVICE_ACCOUNT_KEY: typedKey,
			}),
		);
		// Not resent (registering creates something), so one fault fails the node.
		await client.control('/faults', 'POST', { path: '/api/v1/users/secrets', status: 500, detail: 'registration failed' });
		try {
			const run = await e2e.execute(workflowId);
			expect(run.status).toBe('error');
			expect(run.source).toBe('database');

			const { error } = run.data.resultData;
			expect(`${error?.message} ${error?.description}`).toContain('registration failed');
			// n8n saved the node with the error; its secret parameter shows only the mask.
			const node = error?.node as { name?: string; parameters?: Record<string, unknown> } | undefined;
			expect(node?.name).toBe('Register Secret');
			expect(node?.parameters?.secretValue).toBe('**********');
			expect(JSON.stringify(error)).not.toContain(typed);

			const runs = run.data.resultData.runData['Register Secret'];
			expect(runs.length).toBeGreaterThan(0);
			for (const nodeRun of runs) {
				expect(nodeRun.error).toBeDefined();
				expect(JSON.stringify(nodeRun.error)).not.toContain(typed);
			}
		} finally {
			await client.control('/faults', 'DELETE');
		}
	}, 5 * 60_000);
});
