/**
 * The nodes panel of the n8n editor, as a user reaches this package's actions: the canvas's "+",
 * a search for the node, its entry, and the action list (unfolded when n8n folds it away).
 */
import type { Locator, Page } from 'playwright-core';

export const NODE_DISPLAY_NAME = 'Document Processing';

/** Opens a new workflow's nodes panel on the package's entry: its triggers and actions listed. */
export async function openNodeActions(page: Page, n8nUrl: string): Promise<void> {
	await page.goto(`${n8nUrl}/workflow/new`);
	await page.getByTestId('canvas-plus-button').click();
	await page.getByTestId('node-creator-search-bar').fill(NODE_DISPLAY_NAME);
	await page.getByTestId('node-creator-item-name').getByText(NODE_DISPLAY_NAME, { exact: true }).click();
	await unfoldActions(page);
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
