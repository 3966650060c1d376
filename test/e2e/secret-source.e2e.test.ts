/**
 * Real n8n (issues 5, 51): a CLI-imported workflow registers a secret read from an n8n credential
 * with the packed node, creates a drive source connector from the secret's reference (mapped into
 * Config (JSON) by expression), and a second one whose key comes from a connector credential, which
 * the node encrypts and registers itself. The emulator decrypts what it got; the plaintext never
 * appears in the workflow, the execution data or what reached /sources. A secret typed into
 * Register Secret's expression field is refused, and the error n8n saves shows it masked.
 */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';
import type { WorkflowJson } from './lib/cli';

const MARKER = `E2E-PLAINTEXT-${randomUUID()}`;
const SERVICE_ACCOUNT_KEY = JSON.stringify({
	type: 'service_account',
	project_id: 'e2e-projekt-ü',
	private_key: `-----BEGIN PRIVATE KEY-----\n${MARKER}\n-----END PRIVATE KEY-----\n`,
	client_email: 'robot@e2e.iam.example.com',
});

describe('real n8n: Register Secret and Create Source Connector', () => {
	const suite = useE2eSuite({ label: 'secret-source' });

	/** The workflow with its credentials: the emulator's, the key as Register Secret's and as the drive's secret. */
	async function importWorkflow(credentialName: string | undefined, driveId: string, key: string, edit: (workflow: WorkflowJson) => void = () => undefined): Promise<string> {
		const { e2e } = suite;
		const credential = await suite.importEmulatorCredential(credentialName);
		const secret = await e2e.importCredential({ name: `E2E key ${driveId}`, type: 'documentProcessingSecretApi', data: { secret: key } });
		const pairs = await e2e.importCredential({ name: `E2E drive secrets ${driveId}`, type: 'documentProcessingConnectorSecretsApi', data: { pairs: { values: [{ name: 'service_account_key', value: key }] } } });
		const workflow = loadWorkflow('secret-and-source.json', {
			CREDENTIAL_ID: credential.id,
			CREDENTIAL_NAME: credential.name,
			SECRET_CREDENTIAL_ID: secret.id,
			SECRET_CREDENTIAL_NAME: secret.name,
			SECRETS_CREDENTIAL_ID: pairs.id,
			SECRETS_CREDENTIAL_NAME: pairs.name,
			DRIVE_ID: driveId,
		});
		edit(workflow);
		return await e2e.importWorkflow(workflow);
	}

	it('registers a secret and creates connectors with its reference and with a connector credential', async () => {
		const { e2e, client } = suite;
		const workflowId = await importWorkflow(undefined, 'e2e-drive-0001', SERVICE_ACCOUNT_KEY);

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
			name: 'E2E drive (key from a credential)',
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
		expect(JSON.stringify(await e2e.rest.getWorkflow(workflowId))).not.toContain(MARKER);
		expect(run.log).not.toContain(MARKER);
	}, 5 * 60_000);

	it('keeps the secret out of the saved errors when registering it fails', async () => {
		const { e2e, client } = suite;
		const secret = `E2E-FAILING-SECRET-${randomUUID()}`;
		// The workflow's Register Secret checks the secret is JSON, so the secret is a JSON key.
		const workflowId = await importWorkflow('Document Processing (failing)', 'e2e-drive-0002', JSON.stringify({ type: 'service_account', private_key: secret }));
		// Not resent (registering creates something), so one fault fails the node.
		await client.control('/faults', 'POST', { path: '/api/v1/users/secrets', status: 500, detail: 'registration failed' });
		try {
			const run = await e2e.execute(workflowId);
			expect(run.status).toBe('error');
			expect(run.source).toBe('database');
			const { error } = run.data.resultData;
			expect(`${error?.message} ${error?.description}`).toContain('registration failed');
			expect((error?.node as { name?: string } | undefined)?.name).toBe('Register Secret');
			expect(JSON.stringify(error)).not.toContain(secret);
			const runs = run.data.resultData.runData['Register Secret'];
			expect(runs.length).toBeGreaterThan(0);
			for (const nodeRun of runs) {
				expect(nodeRun.error).toBeDefined();
				expect(JSON.stringify(nodeRun.error)).not.toContain(secret);
			}
		} finally {
			await client.control('/faults', 'DELETE');
		}
	}, 5 * 60_000);

	it('refuses a secret typed into the expression field, before any request, and saves the error masked', async () => {
		const { e2e, client } = suite;
		const typed = `E2E-TYPED-SECRET-${randomUUID()}`;
		const workflowId = await importWorkflow(undefined, 'e2e-drive-0003', SERVICE_ACCOUNT_KEY, (workflow) => {
			const register = workflow.nodes.find((node) => node.name === 'Register Secret');
			if (register) register.parameters = { resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: typed };
		});
		await client.control('/requests', 'DELETE');
		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('error');
		const { error } = run.data.resultData;
		expect(error?.message).toBe('Secret holds a typed value');
		const node = error?.node as { name?: string; parameters?: Record<string, unknown> } | undefined;
		expect(node?.name).toBe('Register Secret');
		expect(node?.parameters?.secretValue).toBe('**********');
		expect(JSON.stringify(error)).not.toContain(typed);
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		expect(requests.filter((r) => r.path === '/api/v1/users/secrets')).toEqual([]);
	}, 5 * 60_000);
});
