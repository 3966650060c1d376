/**
 * The n8n editor in headless Chromium (issue 24): a "From list" picker of the action node lists
 * the service's workflows, read from the emulator through the node's listSearch method and the
 * saved credential; choosing one stores a list-mode locator with the workflow's id and name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LoggedRequest } from '../emulator/request-log';
import { PACKAGE_NAME } from '../e2e/n8n';
import type { EditorSession } from './browser';

const SCREENSHOTS = path.join(__dirname, 'screenshots');
const NODE_NAME = 'Get Workflow';

/** The picker's test, on the editor session of editor.e2e.test.ts. */
export function definePickerTests({ suite, page }: EditorSession): void {
	it('lists the service’s workflows and stores the one chosen', async () => {
		const { e2e, emulator, client } = suite;
		for (const [id, name] of [
			['0b6e9a1c-1111-4a2b-8c3d-000000000001', 'Invoices to JSON'],
			['0b6e9a1c-1111-4a2b-8c3d-000000000002', 'Contracts'],
		]) {
			emulator.store.workflows.set(id, { id, name, job_nodes: [], created_at: new Date() });
		}
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow({
			name: 'Editor: workflow picker',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: '5e0c7b2a-3d4f-4a1b-9c8d-000000000001',
					name: NODE_NAME,
					type: `${PACKAGE_NAME}.documentProcessing`,
					typeVersion: 1,
					position: [0, 0],
					parameters: { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'list', value: '' } },
					credentials: { documentProcessingApi: { id: credential.id, name: credential.name } },
				},
			],
			connections: {},
		});
		await client.control('/requests', 'DELETE');

		await page().goto(`${e2e.n8n.url}/workflow/${workflowId}`);
		await page().getByTestId('canvas-node').filter({ hasText: NODE_NAME }).dblclick();
		const locator = page().getByTestId('ndv').getByTestId('resource-locator-workflowId');
		await locator.getByTestId('rlc-input').click();
		const items = page().getByTestId('rlc-item');
		await items.filter({ hasText: 'Contracts' }).waitFor();
		expect((await items.allTextContents()).map((text) => text.trim()).sort()).toEqual(['Contracts', 'Invoices to JSON', 'Sample workflow']);
		fs.mkdirSync(SCREENSHOTS, { recursive: true });
		await page().screenshot({ path: path.join(SCREENSHOTS, '05-workflow-picker.png') });

		await items.filter({ hasText: 'Invoices to JSON' }).click();
		await expect(locator.getByTestId('rlc-input').inputValue()).resolves.toBe('Invoices to JSON');
		await page().getByTestId('ndv-close-button').click();
		await page().keyboard.press('Control+s');

		const saved = async () => {
			const workflow = await e2e.rest.getWorkflow(workflowId);
			const nodes = workflow.nodes as Array<{ name: string; parameters: Record<string, unknown> }>;
			return nodes.find((node) => node.name === NODE_NAME)?.parameters.workflowId;
		};
		await client.waitFor(saved, (value) => (value as { value?: string } | undefined)?.value !== '');
		expect(await saved()).toEqual({
			__rl: true,
			mode: 'list',
			value: '0b6e9a1c-1111-4a2b-8c3d-000000000001',
			cachedResultName: 'Invoices to JSON',
		});
		// n8n asked the service (with the suite's key) for the first page, newest first.
		const requests = (await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		expect(requests.filter((request) => request.path === '/api/v1/workflows/').map((request) => [request.query.page, request.query.sort_direction, request.status])).toEqual([
			['1', 'desc', 200],
		]);
	}, 180_000);
}
