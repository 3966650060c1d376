/**
 * examples/document-vector-store.json: a document uploaded on the first form is partitioned into
 * chunks, embedded (scripted OpenAI-compatible embeddings) and stored; a question asked on the
 * second form finds the chunk that answers it, shown on the completion page.
 */
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../n8n';
import { importExample } from './example-import';
import type { ExamplesContext } from './examples-context';
import { pageShows, submitForm } from './form-page';

const REFUND = 'Customers may ask for a refund within 30 days of delivery.';

export function vectorStoreExample(context: () => ExamplesContext): void {
	it('Into a vector store: the question finds the passage of the uploaded document that answers it', async () => {
		const { suite, browser, model } = context();
		const { e2e } = suite;
		const imported = await importExample(e2e.rest, 'document-vector-store.json');
		await e2e.publish(imported.id);
		const pdf = Buffer.from(
			await makePdf([
				{ title: 'Refund Policy', lines: [REFUND] },
				{ title: 'Shipping', lines: ['Parcels leave the warehouse every weekday at noon.'] },
			]),
		);
		const embeddingsBefore = model.embeddingRequests.length;

		let before = await maxExecutionId(e2e.userFolder);
		await submitForm(browser.page, `${e2e.n8n.url}/form/add-a-document`, { files: [{ name: 'store-terms.pdf', mimeType: 'application/pdf', buffer: pdf }] });
		const [added] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(added.status).toBe('success');
		const chunks = nodeOutputJson(added.data, 'Read the Document');
		expect(chunks.map((chunk) => chunk.type)).toEqual(['CompositeElement', 'CompositeElement']);
		expect(model.embeddingRequests.length).toBeGreaterThan(embeddingsBefore);

		before = await maxExecutionId(e2e.userFolder);
		await submitForm(browser.page, `${e2e.n8n.url}/form/ask-a-question`, { text: 'What is the refund policy for customers?' });
		const shown = await pageShows(browser.page, REFUND);
		expect(shown).toContain('store-terms.pdf, page 1');
		const [asked] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(asked.status).toBe('success');
		const passages = nodeOutputJson(asked.data, 'Find Passages') as Array<{ document: { pageContent: string; metadata: Record<string, unknown> } }>;
		expect(passages[0].document.pageContent).toContain(REFUND);
		expect(passages[0].document.metadata).toMatchObject({ file: 'store-terms.pdf', page: 1 });
		await e2e.unpublish(imported.id);
	}, 5 * 60_000);
}
