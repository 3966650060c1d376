import { form } from './test-support/client';
import { PARTITION_ONLY, requestData, useEmulator } from './test-support/fixtures';
import type { JobResponse as JobBody } from './jobs/job-view';

const h = useEmulator();

const INVOICE = {
	name: 'invoice-117.md',
	type: 'text/markdown',
	content:
		'# Invoice 2024-117\n\nCustomer: Example Corp\nInvoice date: 2024-03-05\n\nTotal due: 1,250.50 EUR\n\nPaid: no\n\n- Currency: EUR\n- Line items: consulting, travel; hosting\n\nAlice Smith approved it with Bob Jones in Berlin.\n',
};
const ORDERS = {
	name: 'orders.md',
	type: 'text/markdown',
	content: '# Orders\n\nTwo orders this week.\n\n## Order A-1\n\nCustomer: Alice Smith\nAmount: 30\n\n## Order A-2\n\nCustomer: Bob Jones\nAmount: 45.5\n\n## Notes\n\nNothing else.\n',
};
const INVOICE_SCHEMA = {
	type: 'object',
	properties: {
		title: { type: 'string' },
		customer: { type: 'string' },
		invoice_date: { type: 'string', format: 'date' },
		total: { type: 'number' },
		paid: { type: 'boolean' },
		currency: { enum: ['USD', 'EUR'] },
		line_items: { type: 'array', items: { type: 'string' } },
		notes: { type: 'string' },
	},
};

const extractor = (schemaToExtract: Record<string, unknown>, outputMode?: string) => ({
	name: 'Extract',
	type: 'structured_data_extractor',
	subtype: 'llm',
	settings: { schema_to_extract: schemaToExtract, ...(outputMode ? { output_mode: outputMode } : {}) },
});

/** Runs a partition + extractor job on one file and downloads the extractor's output file. */
async function extract(file: typeof INVOICE, node: ReturnType<typeof extractor>, after: unknown[] = []): Promise<{ output: unknown; last: unknown }> {
	const created = await h.client.api<JobBody>('/api/v1/jobs/', { form: form({ request_data: requestData([...PARTITION_ONLY, node, ...after]) }, [file]) });
	expect(created.status).toBe(200);
	const job = await h.client.waitFor(
		async () => (await h.client.api<JobBody>(`/api/v1/jobs/${created.body.id}`)).body,
		(body) => body.status === 'COMPLETED',
		5000,
	);
	const fileId = job.input_file_ids[0] ?? '';
	const nodeIds = [...new Set((job.output_node_files ?? []).map((entry) => entry.node_id))];
	const download = async (nodeId?: string) =>
		(await h.client.api<unknown>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}${nodeId ? `&node_id=${nodeId}` : ''}`)).body;
	return { output: await download(nodeIds[1]), last: await download() };
}

describe('structured data extraction', () => {
	it('fills a JSON Schema from the document’s labelled lines and its title (schema only, extracted data only)', async () => {
		const { output } = await extract(INVOICE, extractor({ json_schema: JSON.stringify(INVOICE_SCHEMA) }, 'extracted_data_only'));
		expect(output).toEqual({
			title: 'Invoice 2024-117',
			customer: 'Example Corp',
			invoice_date: '2024-03-05',
			total: 1250.5,
			paid: false,
			currency: 'EUR',
			line_items: ['consulting', 'travel', 'hosting'],
			notes: null,
		});
	});

	it('derives the fields from the guidance (guidance only)', async () => {
		const guidance = 'Extract the document title, the customer, the total, the invoice date and the people it names.';
		const { output } = await extract(INVOICE, extractor({ extraction_guidance: guidance }, 'extracted_data_only'));
		expect(output).toEqual({ title: 'Invoice 2024-117', customer: 'Example Corp', total: 1250.5, invoice_date: '2024-03-05', people: ['Alice Smith', 'Bob Jones'] });
	});

	it('gives an array of objects, one per titled section with values, for an array schema', async () => {
		const schema = { type: 'array', items: { type: 'object', properties: { customer: { type: 'string' }, amount: { type: 'number' } } } };
		const { output } = await extract(ORDERS, extractor({ json_schema: schema }, 'extracted_data_only'));
		expect(output).toEqual([
			{ customer: 'Alice Smith', amount: 30 },
			{ customer: 'Bob Jones', amount: 45.5 },
		]);
	});

	it('leads the elements with a DocumentData element carrying the data (elements_with_extracted_data, the default)', async () => {
		const guidance = { extraction_guidance: 'the customer and the total' };
		const explicit = await extract(INVOICE, extractor(guidance, 'elements_with_extracted_data'));
		const byDefault = await extract(INVOICE, extractor(guidance));
		const elements = explicit.output as Array<{ type: string; text: string; metadata: Record<string, unknown> }>;
		expect(elements[0]).toMatchObject({ type: 'DocumentData', text: '', metadata: { filename: 'invoice-117.md', extracted_data: { customer: 'Example Corp', total: 1250.5 } } });
		expect(elements.slice(1).map((element) => element.text)).toEqual([
			'Invoice 2024-117',
			'Customer: Example Corp Invoice date: 2024-03-05',
			'Total due: 1,250.50 EUR',
			'Paid: no',
			'Currency: EUR',
			'Line items: consulting, travel; hosting',
			'Alice Smith approved it with Bob Jones in Berlin.',
		]);
		expect(elements.slice(1).every((element) => element.metadata.extracted_data === undefined)).toBe(true);
		expect(byDefault.output).toEqual(elements);
	});

	it('is deterministic, and later nodes still work on the elements after an extracted-data-only step', async () => {
		const ner = { type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'p', model: 'm' } };
		const first = await extract(INVOICE, extractor({ json_schema: INVOICE_SCHEMA }, 'extracted_data_only'), [ner]);
		const second = await extract(INVOICE, extractor({ json_schema: INVOICE_SCHEMA }, 'extracted_data_only'), [ner]);
		expect(second.output).toEqual(first.output);
		const last = first.last as Array<{ type: string; metadata: Record<string, unknown> }>;
		expect(last[0]?.type).toBe('Title');
		expect(last.every((element) => element.metadata.entities !== undefined)).toBe(true);
	});
});

describe('extraction_carrier setting', () => {
	it('puts the extraction on the first element, without a DocumentData element, when set to first_element', async () => {
		h.emulator.setConfig({ extraction_carrier: 'first_element' });
		const { output } = await extract(INVOICE, extractor({ extraction_guidance: 'the customer' }, 'elements_with_extracted_data'));
		const elements = output as Array<{ type: string; metadata: Record<string, unknown> }>;
		expect(elements[0]).toMatchObject({ type: 'Title', metadata: { extracted_data: { customer: 'Example Corp' } } });
		expect(elements.some((element) => element.type === 'DocumentData')).toBe(false);
	});
});
