/**
 * Real n8n (issue 24): a source and a destination connector go through their whole life in one
 * workflow each (create with an inline secret, get, update, check the connection and wait, list
 * by type, delete); a third workflow reads the event inbox, marks events read and counts them.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import type { LoggedRequest } from '../emulator/request-log';
import { seedEvents } from '../emulator/test-support/event-seed';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const SECRET = `E2E-CONNECTOR-SECRET-${randomUUID()}`;

describe('real n8n: Source and Destination Connector operations, the notification inbox', () => {
	const suite = useE2eSuite({ label: 'connectors-events', emulatorConfig: { connection_check_delay_ms: 1500 } });

	it.each([
		['source', 'source-connector-lifecycle.json', 'sources'],
		['destination', 'destination-connector-lifecycle.json', 'destinations'],
	] as const)('runs a %s connector through create, get, update, check, list and delete', async (kind, file, collection) => {
		const { e2e, client, emulator } = suite;
		await client.control('/requests', 'DELETE');
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(loadWorkflow(file, { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, SECRET }));
		const run = await e2e.execute(workflowId);
		if (run.status !== 'success') throw new Error(`ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);

		const [created] = nodeOutputJson(run.data, 'Create');
		expect(created).toMatchObject({ type: 's3', config: { remote_url: `s3://e2e-${kind === 'source' ? 'in' : 'out'}/`, secret: '**********' } });
		expect(nodeOutputJson(run.data, 'Get')).toEqual([created]);
		const [updated] = nodeOutputJson(run.data, 'Update');
		expect(updated).toMatchObject({ id: created.id, name: created.name, config: { remote_url: expect.stringMatching(/\/updated\/$/) } });
		expect(nodeOutputJson(run.data, 'Check Connection')).toEqual([expect.objectContaining({ status: 'SUCCESS', [`${kind}_id`]: created.id })]);
		expect(nodeOutputJson(run.data, 'Get Many').map((connector) => connector.id)).toEqual([created.id]);
		expect(nodeOutputJson(run.data, 'Delete')).toEqual([{ id: created.id, deleted: true }]);
		expect(emulator.store[collection].size).toBe(0);

		// The secret was registered encrypted; the connector calls only ever carried its reference.
		const secrets = (await client.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).body.secrets;
		expect(secrets.map((secret) => secret.plaintext)).toContain(SECRET);
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		const connectorCalls = requests.filter((r) => r.path.startsWith(`/api/v1/${collection}`));
		expect(connectorCalls.map((r) => r.method)).toEqual(expect.arrayContaining(['POST', 'GET', 'PUT', 'DELETE']));
		expect(JSON.stringify(requests)).not.toContain(SECRET);
		expect(JSON.stringify(run.data.resultData.runData)).not.toContain(SECRET);
	}, 5 * 60_000);

	it('counts unread events, reads the newest unread ones, marks them read and then all', async () => {
		const { e2e, emulator } = suite;
		emulator.store.events.clear();
		const completed = seedEvents(emulator.store, 3, { workflowId: DEFAULT_WORKFLOW_ID, eventType: 'job.completed' });
		seedEvents(emulator.store, 2, { eventType: 'job.failed', from: new Date('2025-05-02T00:00:00Z') });
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('notification-inbox.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, SERVICE_WORKFLOW_ID: DEFAULT_WORKFLOW_ID }),
		);
		const run = await e2e.execute(workflowId);
		if (run.status !== 'success') throw new Error(`ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);

		expect(nodeOutputJson(run.data, 'Unread Before')).toEqual([{ unread_count: 5 }]);
		expect(nodeOutputJson(run.data, 'Unread Events').map((event) => event.id)).toEqual([completed[2].id, completed[1].id]);
		expect(nodeOutputJson(run.data, 'Mark Read')).toEqual([{ marked_count: 1 }, { marked_count: 1 }]);
		expect(nodeOutputJson(run.data, 'Unread After')).toEqual([{ unread_count: 1, workflow_id: DEFAULT_WORKFLOW_ID }]);
		expect(nodeOutputJson(run.data, 'Mark All Read')).toEqual([{ marked_count: 3 }]);
		expect([...emulator.store.events.values()].every((event) => event.is_read)).toBe(true);
	}, 5 * 60_000);
});
