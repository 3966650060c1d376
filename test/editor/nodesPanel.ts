/**
 * The nodes panel of the n8n editor, as a user reaches this package's actions: the canvas's "+",
 * a search for the node, its entry, and the action list (unfolded when n8n folds it away).
 */
import type { Locator, Page } from 'playwright-core';

export const NODE_DISPLAY_NAME = 'Document Processing';

/**
 * Opens the nodes panel of an empty workflow on the package's entry: its triggers and actions
 * listed. A page already showing a workflow is emptied as a user would (panel closed, every node
 * selected and deleted) instead of loading the editor again: a load costs Chromium and n8n several
 * CPU seconds (the editor's scripts and every node type's description).
 */
export async function openNodeActions(page: Page, n8nUrl: string): Promise<void> {
	if (new URL(page.url(), n8nUrl).pathname.startsWith('/workflow/')) await emptyCanvas(page);
	else await page.goto(`${n8nUrl}/workflow/new`);
	await page.getByTestId('canvas-plus-button').click();
	await page.getByTestId('node-creator-search-bar').fill(NODE_DISPLAY_NAME);
	await page.getByTestId('node-creator-item-name').getByText(NODE_DISPLAY_NAME, { exact: true }).click();
	await unfoldActions(page);
}

async function emptyCanvas(page: Page): Promise<void> {
	const ndv = page.getByTestId('ndv');
	for (let tries = 0; tries < 5 && (await ndv.isVisible()); tries++) {
		// Escape in a focused field (a select just closed) stays in the field: leave it first.
		await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?(): void } | null } }).document.activeElement?.blur?.());
		await page.keyboard.press('Escape');
		await ndv.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
	}
	await ndv.waitFor({ state: 'hidden' });
	await page.getByTestId('canvas-wrapper').click({ position: { x: 5, y: 5 } });
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.press('Delete');
	await page.getByTestId('canvas-plus-button').waitFor();
}

/** The "Actions" header of the entry's list, unfolded: from an empty canvas n8n opens the triggers and folds the actions away. */
export async function unfoldActions(page: Page): Promise<Locator> {
	const actionsHeader = page.locator('[data-test-id="node-creator-category-item"][data-keyboard-nav-id="Actions"]');
	await actionsHeader.waitFor();
	const actionsGroup = page.locator('[data-category-collapsed]', { has: actionsHeader });
	if ((await actionsGroup.getAttribute('data-category-collapsed')) === 'true') await actionsHeader.click();
	return actionsHeader;
}

/** Adds the node with one action (e.g. "Process files") from a new workflow; the node's panel opens. */
export async function addNodeWithAction(page: Page, n8nUrl: string, action: string): Promise<void> {
	await openNodeActions(page, n8nUrl);
	await page.getByTestId('node-creator-item-name').getByText(action, { exact: true }).click();
	await page.getByTestId('ndv').waitFor();
}
