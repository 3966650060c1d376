/**
 * Real n8n (issue 24): templates and stored workflows from the canvas (the ids are resource
 * locators): list and read templates, create a workflow from one, rename it,
 * find it by the documented name filter, read it picked "From list" and delete it by URL.
 */
import type { LoggedRequest } from '../emulator/request-log';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

describe('real n8n: Template Get Many/Get and Workflow Create/Update/Get Many/Get/Delete', () => {
	const suite = useE2eSuite({ label: 'platform' });

	it('creates a workflow from a template, changes, finds, reads and deletes it', async () => {
		const { e2e, client, emulator } = suite;
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('templates-and-workflows.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }),
		);
		const run = await e2e.execute(workflowId);
		if (run.status !== 'success') throw new Error(`ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);
		expect(JSON.stringify(run.data)).not.toContain(suite.apiKey);

		expect(nodeOutputJson(run.data, 'First Template')).toEqual([expect.objectContaining({ id: 'fast-partition' })]);
		expect(nodeOutputJson(run.data, 'Get Template')).toEqual([expect.objectContaining({ id: 'entities', nodes: expect.any(Array) })]);
		const [created] = nodeOutputJson(run.data, 'Create Workflow');
		const id = String(created.id);
		expect(created).toMatchObject({ name: 'E2E: entities', workflow_type: 'custom' });
		expect(nodeOutputJson(run.data, 'Update Workflow')).toEqual([expect.objectContaining({ id, name: 'E2E: entities (renamed)', reprocess_all: true })]);
		expect(nodeOutputJson(run.data, 'Find Workflow').map((workflow) => workflow.id)).toEqual([id]);
		const [read] = nodeOutputJson(run.data, 'Get Workflow');
		expect((read.workflow_nodes as Array<{ subtype: string }>).map((node) => node.subtype)).toEqual(['vlm', 'provider_ner']);
		expect(nodeOutputJson(run.data, 'Delete Workflow')).toEqual([{ id, deleted: true }]);
		expect(emulator.store.workflows.has(id)).toBe(false);

		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests.filter((request) => request.path.startsWith('/api/v1/'));
		expect(requests.map((request) => `${request.method} ${request.path} ${String(request.status)}`)).toEqual([
			'GET /api/v1/templates/ 200',
			'GET /api/v1/templates/entities 200',
			'POST /api/v1/workflows/ 200',
			`PUT /api/v1/workflows/${id} 200`,
			'GET /api/v1/workflows/ 200',
			`GET /api/v1/workflows/${id} 200`,
			`DELETE /api/v1/workflows/${id} 200`,
		]);
		expect(requests[2].json).toEqual({ name: 'E2E: entities', workflow_type: 'custom', template_id: 'entities' });
		expect(requests[3].json).toEqual({ name: 'E2E: entities (renamed)', reprocess_all: true });
		expect(requests[4].query).toMatchObject({ name: 'E2E: entities (renamed)', status: 'active', page: '1' });
	}, 5 * 60_000);
});
