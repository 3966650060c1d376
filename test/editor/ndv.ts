/**
 * A node's panel (NDV) as a user reads it: a field's label and shown value, the "Add …" of its
 * collections, and closing it.
 */
import type { Locator, Page } from 'playwright-core';

/** The label of a parameter, waited for. */
export async function showsField(scope: Locator, text: string): Promise<void> {
	await scope.locator('[data-test-id="input-label"]').filter({ hasText: text }).first().waitFor();
}

/** The shown value of an options/string parameter. */
export async function fieldValue(scope: Locator, parameter: string): Promise<string> {
	return await scope.locator(`[data-test-id="parameter-input-${parameter}"] input`).first().inputValue();
}

/** The "Add …" buttons (or pickers) of the panel's collections, as they read. */
export async function addOptionTexts(scope: Locator): Promise<string[]> {
	const adds = scope.locator('[data-test-id^="collection-parameter-add"]');
	await adds.first().waitFor();
	return await adds.evaluateAll((nodes) => {
		// Runs in the page; this package's tsconfig has no DOM types.
		type Box = { textContent: string | null; querySelectorAll(s: string): ArrayLike<{ placeholder?: string }> };
		return (nodes as unknown as Box[]).map((node) =>
			[node.textContent ?? '', ...Array.from(node.querySelectorAll('input')).map((input) => input.placeholder ?? '')].join(' ').trim(),
		);
	});
}

export async function closeNdv(page: Page): Promise<void> {
	await page.getByTestId('ndv').getByTestId('ndv-close-button').click();
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });
}
