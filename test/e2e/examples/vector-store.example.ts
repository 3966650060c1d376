/**
 * examples/document-vector-store.json: a document uploaded on the first form is checked, then the
 * Document Processing Loader has it partitioned and chunked by the service, and each chunk is
 * embedded (scripted OpenAI-compatible embeddings) and stored once; a file of another type is
 * refused before anything is sent; a question on the second form finds the passage that answers
 * it, shown with its file and page. The forms answer only at n8n's random ids.
 */
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import type { LoggedRequest } from '../../emulator/request-log';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../n8n';
import { formUrl, importExample, readExample, triggersWithoutWebhookIds } from './example-import';
import type { ExamplesContext } from './examples-context';
import { pageShows, submitForm } from './form-page';

export const REFUND = 'Customers may ask for a refund within 30 days of delivery.';

export function vectorStoreExample(context: () => ExamplesContext): void {
	it('Into a vector store: the loader stores each chunk once, a wrong file type is refused unsent, the question finds the passage with its page', async () => {
		const { suite, browser, model } = context();
		const { e2e, client } = suite;
		const shipped = readExample('document-vector-store.json');
		expect(triggersWithoutWebhookIds(shipped).sort()).toEqual(['Add a Document', 'Ask a Question']);
		expect(shipped.nodes.filter((node) => node.type === 'n8n-nodes-base.formTrigger').map((node) => (node.parameters.options as Record<string, unknown>).path)).toEqual([undefined, undefined]);
		const imported = await importExample(e2e.rest, 'document-vector-store.json');
		await e2e.publish(imported.id);
		const addUrl = formUrl(e2e.n8n.url, imported.saved, 'Add a Document');
		const askUrl = formUrl(e2e.n8n.url, imported.saved, 'Ask a Question');
		const partitions = async (): Promise<number> =>
			(await client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests.filter((request) => request.path === '/general/v0/general').length;

		// A file of another type: refused by Check the File, nothing sent to the service.
		const sentBefore = await partitions();
		let before = await maxExecutionId(e2e.userFolder);
		await submitForm(browser.page, addUrl, { files: [{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not a document') }] });
		await pageShows(browser.page, 'This file cannot be added');
		const [refused] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(refused.status).toBe('success');
		expect(await partitions()).toBe(sentBefore);

		const pdf = Buffer.from(
			await makePdf([
				{ title: 'Refund Policy', lines: [REFUND] },
				{ title: 'Shipping', lines: ['Parcels leave the warehouse every weekday at noon.'] },
			]),
		);
		const embeddingsBefore = model.embeddingRequests.length;
		before = await maxExecutionId(e2e.userFolder);
		await submitForm(browser.page, addUrl, { files: [{ name: 'store-terms.pdf', mimeType: 'application/pdf', buffer: pdf }] });
		await pageShows(browser.page, 'store-terms.pdf is in the store, in 1 passage(s).');
		const [added] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(added.status).toBe('success');
		expect(await partitions()).toBe(sentBefore + 1);
		const stored = nodeOutputJson(added.data, 'Insert into the Store') as Array<{ pageContent: string; metadata: Record<string, unknown> }>;
		// Both sections are shorter than the service's combine_under_n_chars (500): one chunk over both pages.
		expect(stored.map((doc) => [doc.metadata.section_title, doc.metadata.page_range, doc.metadata.element_types])).toEqual([['Refund Policy', '1-2', 'Title, NarrativeText']]);
		expect(model.embeddingRequests.length).toBeGreaterThan(embeddingsBefore);

		before = await maxExecutionId(e2e.userFolder);
		await submitForm(browser.page, askUrl, { text: 'What is the refund policy for customers?' });
		const shown = await pageShows(browser.page, REFUND);
		expect(shown).toContain('(store-terms.pdf, page 1-2)');
		const [asked] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(asked.status).toBe('success');
		const passages = nodeOutputJson(asked.data, 'Find Passages') as Array<{ document: { pageContent: string; metadata: Record<string, unknown> } }>;
		expect(passages[0].document.pageContent).toContain(REFUND);
		expect(passages[0].document.metadata).toMatchObject({ file_name: 'store-terms.pdf', page_number: 1, section_title: 'Refund Policy' });
		await e2e.unpublish(imported.id);
	}, 5 * 60_000);
}
