/** Filling an n8n form in headless Chromium, as a visitor of its address does. */
import type { Page } from 'playwright-core';

export interface UploadedFile {
	name: string;
	mimeType: string;
	buffer: Buffer;
}

export interface FormAnswers {
	/** Files for the form's file field. */
	files?: UploadedFile[];
	/** Text for the form's text area. */
	text?: string;
}

/** Opens the form, answers it and presses its button; the page then follows n8n to the completion page. */
export async function submitForm(page: Page, url: string, answers: FormAnswers): Promise<void> {
	const opened = await page.goto(url);
	if (!opened || opened.status() !== 200) throw new Error(`the form ${url} answered ${opened?.status() ?? 'nothing'}`);
	if (answers.files) await page.locator('input[type="file"]').setInputFiles(answers.files);
	if (answers.text !== undefined) await page.locator('textarea').fill(answers.text);
	await page.locator('button[type="submit"]').click();
}

/** Waits until the page shows `text` (the completion page after the workflow ran) and returns the page's text. */
export async function pageShows(page: Page, text: string, timeoutMs = 120_000): Promise<string> {
	await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: timeoutMs });
	return await page.locator('body').innerText();
}
