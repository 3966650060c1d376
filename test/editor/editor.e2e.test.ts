/**
 * The n8n editor in headless Chromium (issue 7, "The editor"): the packed package installed into a
 * real n8n 2.40.7 as a community package; in a new workflow the nodes panel finds it by name, with
 * its icon; its detail view lists the trigger's events and every action of the action node (the
 * `action` strings of the node description are the expected list); Create job lands on the canvas
 * and its parameters show the pipeline builder. Issue 46: an action's words are the same in the
 * nodes panel, the node's panel and the canvas subtitle; the trigger's subtitle names its event in
 * words; collections say "Add option". Screenshots go to test/editor/screenshots/.
 *
 * The editor's other suites run here too, on the same browser page (useEditorSession): the
 * workflow picker (picker.ts) first, as it saves the workflow it opens, then the nodes panel, then
 * the operations' panels (panels.ts) at their own window size.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';
import type { Page, Response } from 'playwright-core';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { EVENT_TYPE_OPTIONS } from '../../nodes/DocumentProcessing/webhooks/eventTypes';
import { PACKAGE_NAME } from '../e2e/n8n';
import { useEditorSession } from './browser';
import { definePickerTests } from './picker';
import { definePanelTests } from './panels';
import { DOCS_SCREENSHOT, keepScreenshot, wholePanelScreenshot } from './readme-screenshot';
import { addNodeWithAction, unfoldActions } from './nodesPanel';
import { addOptionTexts, closeNdv, fieldValue, showsField } from './ndv';

const SCREENSHOTS = path.join(__dirname, 'screenshots');
const ACTION_TYPE = `${PACKAGE_NAME}.documentProcessing`;
const TRIGGER_TYPE = `${PACKAGE_NAME}.documentProcessingTrigger`;
/** Where n8n serves a community package's icons: /icons/<package>/<path in the package>. */
const ICON_PATH = `/icons/${PACKAGE_NAME}/dist/icons/documentProcessing.svg`;

/** Every action of the action node, as its resources declare them. */
function declaredActions(): string[] {
	return new DocumentProcessing().description.properties
		.filter((property) => property.name === 'operation' && property.type === 'options')
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
		.map((option) => option.action)
		.filter((action): action is string => typeof action === 'string');
}

interface PanelItem {
	name: string;
	nodeType: string;
	iconSrc: string | null;
}

/** The entries of the node creator, with the node type each one adds (from its keyboard-nav id). */
async function panelItems(page: Page): Promise<PanelItem[]> {
	const items = page.locator('[data-test-id="item-iterator-item"]:has([data-test-id="node-creator-item-name"])');
	const result: PanelItem[] = [];
	for (const item of await items.all()) {
		const navId = (await item.getAttribute('data-keyboard-nav-id')) ?? '';
		result.push({
			name: ((await item.getByTestId('node-creator-item-name').textContent()) ?? '').trim(),
			// `<package>.<node>-<random uuid>`
			nodeType: navId.replace(/-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, ''),
			iconSrc: await item.locator('img').first().getAttribute('src'),
		});
	}
	return result;
}

async function screenshot(page: Page, name: string): Promise<void> {
	fs.mkdirSync(SCREENSHOTS, { recursive: true });
	await page.screenshot({ path: path.join(SCREENSHOTS, name) });
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe('the n8n editor with the package installed', () => {
	beforeAll(() => fs.rmSync(SCREENSHOTS, { recursive: true, force: true }));
	const session = useEditorSession('editor');

	describe('the workflow picker', () => definePickerTests(session));
	const page = (): Page => session.page();
	const iconResponses: Array<{ url: string; status: number; type: string }> = [];
	beforeAll(() => {
		session.page().on('response', (response: Response) => {
			if (response.url().includes(`/icons/${PACKAGE_NAME}/`)) {
				iconResponses.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' });
			}
		});
	});

	it('finds the package in the nodes panel of a new workflow, with its icon', async () => {
		await page().goto(`${session.e2e().n8n.url}/workflow/new`);
		await page().getByTestId('canvas-plus-button').click();
		await page().getByTestId('node-creator-search-bar').fill('Document Processing');
		// n8n shows a node and its trigger as one entry when their names match (minus "Trigger").
		const entry = page().getByTestId('node-creator-item-name').getByText('Document Processing', { exact: true });
		await entry.waitFor();
		await screenshot(page(), '01-search.png');

		const found = (await panelItems(page())).filter((item) => item.nodeType.startsWith(`${PACKAGE_NAME}.`));
		expect(found).toEqual([{ name: 'Document Processing', nodeType: ACTION_TYPE, iconSrc: ICON_PATH }]);
		await until(() => iconResponses.length > 0, 10_000, 'the icon to load');
		expect(iconResponses.every((r) => r.status === 200 && r.type.startsWith('image/svg+xml'))).toBe(true);
	}, 120_000);

	it('lists the trigger and every action of the action node, each with the icon', async () => {
		await page().getByTestId('node-creator-item-name').getByText('Document Processing', { exact: true }).click();
		const triggers = page().getByTestId('node-creator-category-item').filter({ hasText: /^Triggers \(\d+\)/ });
		await triggers.waitFor();
		const actionsHeader = await unfoldActions(page());
		const actions = declaredActions();
		await page().getByTestId('node-creator-item-name').getByText(actions[actions.length - 1], { exact: true }).waitFor();
		await screenshot(page(), '02-node-panel.png');
		// The panel alone, as far as the viewport shows it.
		await page().getByTestId('node-creator').screenshot({ path: path.join(SCREENSHOTS, '02-node-panel-only.png') });
		// The README's picture (docs/editor-nodes.png): every entry, rewritten only when it looks different.
		keepScreenshot(await wholePanelScreenshot(page()), DOCS_SCREENSHOT);

		const items = await panelItems(page());
		const triggerItems = items.filter((item) => item.nodeType === TRIGGER_TYPE);
		const actionItems = items.filter((item) => item.nodeType === ACTION_TYPE);
		expect(items).toHaveLength(triggerItems.length + actionItems.length);

		// The trigger: one entry per job event it can start on ("Job Completed" → "On job completed").
		expect(triggerItems.map((item) => item.name.toLowerCase()).sort()).toEqual(
			EVENT_TYPE_OPTIONS.map((option) => `on ${option.name.toLowerCase()}`).sort(),
		);
		expect(await triggers.textContent()).toContain(`Triggers (${EVENT_TYPE_OPTIONS.length})`);
		expect(actions.length).toBeGreaterThanOrEqual(14);
		expect(actionItems.map((item) => item.name).sort()).toEqual([...actions].sort());
		// The everyday actions come first: n8n lists them by resource, then operation, in the node's order.
		expect(actionItems.slice(0, 2).map((item) => item.name)).toEqual(['Partition file', 'Process files']);
		expect(await actionsHeader.textContent()).toContain(`Actions (${actions.length})`);
		for (const item of [...triggerItems, ...actionItems]) expect(item).toMatchObject({ iconSrc: ICON_PATH });
		// The actions DESIGN.md names, as the node words them.
		expect(actions).toEqual(
			expect.arrayContaining([
				'Create job',
				'Get job',
				'Wait for job',
				'Download output',
				'Process files',
				'Partition file',
				'Run workflow',
				'Register secret',
				'Create source connector',
				'Create notification channel',
				'Verify notification channel',
				'Get many notification channels',
				'Get notification channel',
				'Get notification event',
				'Cancel job',
				'Get many jobs',
				'Get details',
				'Get failed files',
				'Update notification channel',
				'Delete notification channel',
			]),
		);
	}, 120_000);

	it('adds Create job to the canvas and shows the pipeline builder', async () => {
		await page().getByTestId('node-creator-item-name').getByText('Create job', { exact: true }).click();
		const ndv = page().getByTestId('ndv');
		await ndv.waitFor();
		const parameters = ndv.getByTestId('node-parameters');
		for (const field of ['Resource', 'Operation', 'Input', 'Input Binary Field', 'Partitioning', 'Further Steps', 'Options']) {
			await showsField(parameters, field);
		}
		expect(await ndv.getByTestId('node-title-container').textContent()).toContain('Create job');
		expect(await fieldValue(parameters, 'resource')).toBe('Job');
		expect(await fieldValue(parameters, 'operation')).toBe('Create');
		expect(await fieldValue(parameters, 'inputSource')).toBe('Binary Field');
		expect(await fieldValue(parameters, 'partitioning')).toBe('Vision Model (VLM)');
		await ndv.getByTestId('node-credentials-slot').waitFor();
		// A further step brings its own fields.
		await parameters.getByTestId('fixed-collection-steps').getByTestId('fixed-collection-add').click();
		await showsField(parameters, 'Kind');
		await screenshot(page(), '03-create-job.png');

		await ndv.getByTestId('ndv-close-button').click();
		const node = page().getByTestId('canvas-node').filter({ hasText: 'Create job' });
		await node.waitFor();
		expect(await node.locator('img').first().getAttribute('src')).toBe(ICON_PATH);
		await screenshot(page(), '04-canvas.png');
	}, 120_000);

	it('names each action alike in the nodes panel, the node’s panel and the canvas; options say "Add option"', async () => {
		const cases = [
			{ action: 'Wait for job', resource: 'Job', label: 'Job', options: true },
			{ action: 'Download output', resource: 'Job', label: 'Job', options: true },
			{ action: 'Get source connector', resource: 'Source Connector', label: 'Source Connector', options: false },
		];
		for (const { action, resource, label, options } of cases) {
			await addNodeWithAction(page(), session.e2e().n8n.url, action);
			const ndv = page().getByTestId('ndv');
			const parameters = ndv.getByTestId('node-parameters');
			await showsField(parameters, label);
			expect(await ndv.getByTestId('node-title-container').textContent()).toContain(action);
			// The Operation field reads as the action: the same words, or n8n's "<operation> <resource>".
			const operation = await fieldValue(parameters, 'operation');
			expect([operation, `${operation} ${resource}`].map((name) => name.toLowerCase())).toContain(action.toLowerCase());
			// A picker is named for what it picks (the Workflow and Job pickers' style), not "… ID".
			expect(await parameters.locator('[data-test-id="input-label"]').filter({ hasText: /\bID\b/ }).count()).toBe(0);
			if (options) expect(new Set(await addOptionTexts(parameters))).toEqual(new Set(['Add option']));
			await screenshot(page(), `06-${action.toLowerCase().replace(/ /g, '-')}.png`);
			await closeNdv(page());
			const node = page().getByTestId('canvas-node').filter({ hasText: action });
			expect(await node.textContent()).toContain(`${operation} · ${resource}`);
		}
	}, 180_000);

	it('adds the trigger: its canvas subtitle names the event in words, its Options say "Add option"', async () => {
		await addNodeWithAction(page(), session.e2e().n8n.url, 'On job completed');
		const parameters = page().getByTestId('ndv').getByTestId('node-parameters');
		await showsField(parameters, 'Events');
		expect(await addOptionTexts(parameters)).toEqual(['Add option']);
		await screenshot(page(), '07-trigger.png');
		await closeNdv(page());
		const node = page().getByTestId('canvas-node').filter({ hasText: 'On Job Completed' });
		await node.waitFor();
		expect(await node.textContent()).not.toContain('job.completed');
		await screenshot(page(), '08-trigger-canvas.png');
	}, 180_000);

	describe('the operations’ panels', () => definePanelTests(session));
});
