/**
 * examples/upload-form-document-text.json: a visitor opens the published form in Chromium, uploads
 * a PDF through the page, and the completion page shows the document's text. The form's address is
 * the random id the import gave it (example-import.ts), read from the saved workflow.
 */
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../n8n';
import { credentialIdsOf, exampleNode, formUrl, importExample } from './example-import';
import type { ExamplesContext } from './examples-context';
import { pageShows, submitForm } from './form-page';

export function uploadFormExample(context: () => ExamplesContext): void {
	it('Upload form: a PDF uploaded through the page comes back as its text on the completion page', async () => {
		const { suite, browser } = context();
		const { e2e } = suite;
		const pdf = Buffer.from(
			await makePdf([
				{ title: 'Travel Policy', lines: ['Book trains for trips under 600 km.'] },
				{ title: 'Expenses', lines: ['Hotel receipts go to the finance team within 30 days.'] },
			]),
		);
		const imported = await importExample(e2e.rest, 'upload-form-document-text.json');
		// n8n resolved the example's credential reference by its name to the user's credential.
		expect(credentialIdsOf(imported.saved)).toEqual({ documentProcessingApi: [expect.stringMatching(/^\w+$/)] });
		expect(credentialIdsOf(imported.saved).documentProcessingApi[0]).not.toBe('docProcessingCred');
		await e2e.publish(imported.id);
		const before = await maxExecutionId(e2e.userFolder);

		const address = formUrl(e2e.n8n.url, imported.saved, 'Upload a Document');
		expect(address).toBe(`${e2e.n8n.url}/form/${exampleNode(imported.saved, 'Upload a Document').webhookId}`);
		expect(address).toMatch(/\/form\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		await submitForm(browser.page, address, { files: [{ name: 'travel-policy.pdf', mimeType: 'application/pdf', buffer: pdf }] });
		const shown = await pageShows(browser.page, 'Book trains for trips under 600 km.');
		expect(shown).toContain('travel-policy.pdf');
		expect(shown).toContain('Hotel receipts go to the finance team within 30 days.');

		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 60_000 });
		expect(execution.status).toBe('success');
		const [read] = nodeOutputJson(execution.data, 'Read the Document');
		expect(read).toMatchObject({ file_name: 'travel-policy.pdf', page_count: 2, truncated: false });
		expect(String(read.text)).toMatch(/Travel Policy[\s\S]*Book trains[\s\S]*Expenses[\s\S]*Hotel receipts/);
		await e2e.unpublish(imported.id);
	}, 5 * 60_000);
}
