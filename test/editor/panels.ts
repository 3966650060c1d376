/**
 * The n8n editor in headless Chromium, at the 1600×1000 window of issue 32: the panels start
 * short. Process Files, Partition File, Create Workflow, Create Source (Amazon S3) and Create
 * Destination (Pinecone, PostgreSQL) are added from the nodes panel; each panel's top-level fields
 * are read, with the credential pickers a connector form shows, and its picture is kept in docs/
 * (rewritten only when it looks different, as docs/editor-nodes.png is).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { EditorSession } from './browser';
import { addNodeWithAction } from './nodesPanel';
import { keepScreenshot } from './readme-screenshot';

const DOCS = path.resolve(__dirname, '..', '..', 'docs');
const SCREENSHOTS = path.join(__dirname, 'screenshots');

/** The window of issue 32. */
const PANEL_WINDOW = { width: 1600, height: 1000 };

interface Panel {
	action: string;
	picture: string;
	/** The fields at the top, in order. */
	fields: string[];
	/** The Connector Type picked first, by its name in the list. */
	connectorType?: string;
	/** Other options picked next, each by its name in the list. */
	picks?: Array<{ parameter: string; name: string }>;
	/** The credential pickers the panel shows, by their labels' text. */
	credentials?: RegExp[];
}

/** The panels, their pictures and the fields a user sees at the top before touching anything. */
const PANELS: Panel[] = [
	{ action: 'Process files', picture: 'editor-process-files.png', fields: ['Input', 'Input Binary Field', 'Partitioning', 'Further Steps', 'Options'] },
	{ action: 'Partition file', picture: 'editor-partition-file.png', fields: ['Input', 'Input Binary Field', 'Partitioning', 'Output', 'Options'] },
	{ action: 'Create workflow', picture: 'editor-create-workflow.png', fields: ['Name', 'Source Connector', 'Destination Connector', 'Partitioning', 'Further Steps', 'Options'] },
	{
		action: 'Create source connector',
		picture: 'editor-create-source-s3.png',
		fields: ['Name', 'Connector Type', 'Define Config', 'Remote URL', 'Options'],
		credentials: [/^Credential$/, /^Credential for Document Processing Connector: AWS Access Keys$/],
	},
	{
		action: 'Create destination connector',
		picture: 'editor-create-destination-pinecone.png',
		connectorType: 'Pinecone',
		fields: ['Name', 'Connector Type', 'Define Config', 'Index Name', 'Namespace', 'Options'],
		credentials: [/^Credential$/, /^Credential for Document Processing Connector Secrets API$/],
	},
	{
		action: 'Create destination connector',
		picture: 'editor-create-destination-postgres.png',
		connectorType: 'PostgreSQL',
		fields: ['Name', 'Connector Type', 'Define Config', 'Batch Size', 'Database', 'Host', 'Port', 'Table Name', 'Username'],
		credentials: [/^Credential$/, /^Credential for Document Processing Connector Secrets API$/],
	},
	{
		action: 'Create notification channel',
		picture: 'editor-create-channel.png',
		picks: [{ parameter: 'signingSecretInput', name: 'Credential' }],
		fields: ['Scope', 'Channel Type', 'URL', 'Signing Secret Input', 'Event Types', 'Description'],
		credentials: [/^Credential$/, /^Credential for Document Processing Signing Secret API$/],
	},
];

/** The labels of the parameters at the top of the node's panel, in order (Resource and Operation left out). */
async function topLevelLabels(page: Page): Promise<string[]> {
	// The node's Settings tab is in the page too, hidden: only the visible labels count. A label's
	// text runs on into its Fixed/Expression switch and hint.
	const labels = await page.getByTestId('ndv').getByTestId('node-parameters').locator('[data-test-id="input-label"]:visible').allTextContents();
	return labels.map((label) => label.split('FixedExpression')[0].trim()).filter((label) => label !== '' && !['Resource', 'Operation'].includes(label));
}

/**
 * Picks an entry of an options field by the name it shows, as a user does. An entry's text is its
 * name, then its description when it has one (which starts with a capital, right after the name).
 */
async function pick(page: Page, parameter: string, name: string): Promise<void> {
	await page.getByTestId('ndv').getByTestId(`parameter-input-${parameter}`).click();
	await page.locator('.el-select-dropdown__item:visible').filter({ hasText: new RegExp(`^\\s*${name}(\\s*$|[A-Z])`) }).first().click();
	await page.getByTestId('ndv').locator(`[data-test-id="parameter-input-${parameter}"] input`).first().waitFor();
}

/** The labels of the panel's credential pickers. */
async function credentialLabels(page: Page): Promise<string[]> {
	return (await page.getByTestId('ndv').locator('[data-test-id="credentials-label"]:visible label').allTextContents()).map((text) => text.trim());
}

/**
 * The panel's parameters, from Resource down to the last one, as the docs show them: the window
 * grows for the picture when they run below the panel (a Further Step's fields), the pointer is
 * moved off them (no hover controls), and the empty pane below them is left out. The credential
 * row above them is left out too: it shows whichever credential another suite of the run saved
 * first, so the picture would change with the order the suites ran in.
 */
async function parametersPane(page: Page): Promise<Buffer> {
	const parameters = page.getByTestId('ndv').getByTestId('node-parameters');
	await page.mouse.move(0, 0);
	/** How far the parameters' content reaches below what the panel shows (0 when it fits). */
	const hidden = await parameters.evaluate((root) => {
		// Runs in the page; this package's tsconfig has no DOM types.
		type Box = { scrollHeight: number; clientHeight: number; parentElement: Box | null };
		let hiddenBelow = 0;
		for (let box: Box | null = root as unknown as Box; box; box = box.parentElement) hiddenBelow = Math.max(hiddenBelow, box.scrollHeight - box.clientHeight);
		return hiddenBelow;
	});
	const viewport = page.viewportSize();
	if (viewport && hidden > 0) await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden + 32 });
	try {
		const box = await parameters.boundingBox();
		// The first parameter label is Resource's (the credential row has labels of its own kind).
		const resource = await parameters.getByTestId('input-label').first().boundingBox();
		// The lowest field, label or text of the parameters; n8n's feedback link below them is no parameter.
		const bottom = await parameters.evaluate((root) => {
			type Node = { tagName: string; textContent: string | null; children: ArrayLike<unknown>; closest(s: string): unknown; getBoundingClientRect(): { bottom: number; height: number } };
			const nodes = Array.from((root as unknown as { querySelectorAll(s: string): ArrayLike<Node> }).querySelectorAll('*'));
			const content = nodes.filter(
				(node) =>
					!node.closest('[data-test-id="node-feature-request"]') &&
					(['INPUT', 'TEXTAREA'].includes(node.tagName) || (node.children.length === 0 && (node.textContent ?? '').trim() !== '')),
			);
			return Math.max(...content.map((node) => node.getBoundingClientRect()).filter((rect) => rect.height > 0).map((rect) => rect.bottom));
		});
		if (!box || !resource) throw new Error('the node panel is not on the screen');
		const top = resource.y - 8;
		const clip = { x: box.x - 16, y: top, width: box.width + 32, height: bottom + 16 - top };
		return await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
	} finally {
		if (viewport && hidden > 0) await page.setViewportSize(viewport);
	}
}

/** The panels' tests, on the editor session of editor.e2e.test.ts. */
export function definePanelTests({ e2e, page }: EditorSession): void {
	beforeAll(async () => await page().setViewportSize(PANEL_WINDOW));

	it.each(PANELS)('opens $action ($picture) with its short panel', async ({ action, picture, fields, connectorType, picks, credentials }) => {
		await addNodeWithAction(page(), e2e().n8n.url, action);
		const ndv = page().getByTestId('ndv');
		await ndv.getByTestId('node-parameters').getByTestId('input-label').first().waitFor();
		if (connectorType) await pick(page(), 'connectorTypeId', connectorType);
		for (const { parameter, name } of picks ?? []) await pick(page(), parameter, name);
		const labels = await topLevelLabels(page());
		process.stdout.write(`${action}${connectorType ? ` (${connectorType})` : ''}: ${labels.join(', ')}\n`);
		expect(labels).toEqual(fields);
		if (credentials) {
			const shown = await credentialLabels(page());
			process.stdout.write(`  credentials: ${shown.join(', ')}\n`);
			expect(shown).toEqual(credentials.map((label) => expect.stringMatching(label)));
		}
		fs.mkdirSync(SCREENSHOTS, { recursive: true });
		await page().screenshot({ path: path.join(SCREENSHOTS, `panel-${picture}`) });
		keepScreenshot(await parametersPane(page()), path.join(DOCS, picture));
	}, 180_000);

	it('lists the Job operations with their whole descriptions, Process Files first', async () => {
		await addNodeWithAction(page(), e2e().n8n.url, 'Process files');
		await page().getByTestId('ndv').getByTestId('parameter-input-operation').click();
		const items = page().locator('.el-select-dropdown__item:visible');
		await items.first().waitFor();
		const texts = (await items.allTextContents()).map((text) => text.trim());
		expect(texts[0]).toMatch(/^Process Files/);
		// Each name and description fits the list: no text is wider or taller than the box showing it (cut off).
		const cut = await items.evaluateAll((nodes) => {
			// Runs in the page; this package's tsconfig has no DOM types.
			type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number; textContent: string | null; querySelectorAll(s: string): ArrayLike<Box> };
			const clipped = (box: Box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
			return (nodes as unknown as Box[]).flatMap((node) => Array.from(node.querySelectorAll('*')).filter(clipped).map((box) => box.textContent ?? ''));
		});
		expect(cut).toEqual([]);
		await page().screenshot({ path: path.join(SCREENSHOTS, 'panel-job-operations.png') });
		await page().keyboard.press('Escape');
	}, 180_000);

	it('adds a Structured Data Extraction step to Process Files: its kind first, then only its fields', async () => {
		await addNodeWithAction(page(), e2e().n8n.url, 'Process files');
		const parameters = page().getByTestId('ndv').getByTestId('node-parameters');
		await parameters.getByTestId('fixed-collection-steps').getByTestId('fixed-collection-add').click();
		await parameters.getByTestId('input-label').filter({ hasText: 'Extraction Guidance' }).first().waitFor();
		const labels = await topLevelLabels(page());
		expect(labels.slice(labels.indexOf('Further Steps') + 1, labels.indexOf('Options'))).toEqual([
			'Kind',
			'Define By',
			'Extraction Guidance',
			'Output',
			'Provider',
			'Model',
			'Step Name',
		]);
		keepScreenshot(await parametersPane(page()), path.join(DOCS, 'editor-process-files-step.png'));
	}, 180_000);
}
