/**
 * Real n8n (issue 4): a CLI-imported workflow turns a generated 30-page PDF into a binary file
 * (Set → Convert to File) and runs Partition File on it twice: split into page ranges at
 * concurrency 3 (one item per file) and whole (one item per element). Both give the same
 * elements with the document's page numbers, and the emulator saw the ranges arrive.
 */
import type { LoggedRequest } from '../emulator/request-log';
import { samplePdf } from '../integration/support/pdfs';
import { loadWorkflow, nodeOutputJson, useE2eSuite } from './n8n';

const pageOf = (element: Record<string, unknown>) => (element.metadata as { page_number?: number }).page_number;

describe('real n8n: Partition File', () => {
	const suite = useE2eSuite({ label: 'partition' });
	const { apiKey } = suite;

	it('partitions a PDF split into page ranges with the same result as whole', async () => {
		const { e2e, emulator } = suite;
		const pdf = await samplePdf({ pages: 30 });
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('partition-split.json', {
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				PDF_BASE64: pdf.toString('base64'),
			}),
		);

		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('success');

		const [file] = nodeOutputJson(run.data, 'Partition Split');
		expect(file).toMatchObject({ file_name: 'report.pdf', binary_property: 'data', page_count: 30, requests: 3, element_count: 120 });
		const whole = nodeOutputJson(run.data, 'Partition Whole');
		expect(whole).toHaveLength(120);
		expect(file?.elements).toEqual(whole);
		expect(whole.map(pageOf)).toEqual(Array.from({ length: 30 }, (_, page) => Array(4).fill(page + 1)).flat());

		const response = await fetch(`${emulator.url}/_emulator/requests`);
		const { requests } = (await response.json()) as { requests: LoggedRequest[] };
		const partitions = requests.filter((request) => request.path === '/general/v0/general');
		expect(partitions.map((request) => request.status)).toEqual([200, 200, 200, 200]);
		const ranges = partitions.filter((request) => request.fields.split_pdf_page === 'false' && request.fields.starting_page_number !== undefined);
		expect(ranges.map((request) => request.fields.starting_page_number).sort()).toEqual(['1', '11', '21']);
		for (const request of partitions) expect(request.files[0]).toMatchObject({ filename: 'report.pdf', content_type: 'application/pdf' });

		expect(JSON.stringify(run.data)).not.toContain(apiKey);
	}, 5 * 60_000);
});
