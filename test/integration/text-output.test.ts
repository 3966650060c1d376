/**
 * The Text output (issue 17): partition and downloads as one text per file, sized for a language
 * model: Markdown or plain, page markers, a maximum length with a truncation marker.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessItem } from '../harness';
import { samplePdf } from './support/pdfs';
import { failure, startTestService, textFile, type TestService } from './support/service';

let service: TestService;
beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 200, schedule_delay_ms: 20 });
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 200, schedule_delay_ms: 20 });
});

const run = async (parameters: INodeParameters, items?: HarnessItem[]) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials });
const partition = (parameters: INodeParameters): INodeParameters => ({ resource: 'document', operation: 'partition', partitionStrategy: 'fast', ...parameters });

const HTML = '<html><body><h1>Prices</h1><p>Our plans.</p><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>5</td></tr></table></body></html>';
const htmlItem: HarnessItem = { binary: { data: textFile('prices.html', HTML, 'text/html') } };

describe('Text output: Partition File', () => {
	let pdfItem: HarnessItem;
	beforeAll(async () => {
		pdfItem = { binary: { data: { data: await samplePdf({ pages: 3 }), fileName: 'report.pdf', mimeType: 'application/pdf' } } };
	});

	it('gives one item per file with the text in Markdown, tables kept, and no elements', async () => {
		const result = await run(partition({ outputMode: 'text' }), [htmlItem]);
		expect(result.output[0]).toHaveLength(1);
		const item = result.output[0][0];
		const text = '# Prices\n\nOur plans.\n\n| Plan | Price |\n| --- | --- |\n| Basic | 5 |';
		expect(item.json).toEqual({
			file_name: 'prices.html',
			binary_property: 'data',
			requests: 1,
			element_count: 3,
			text,
			truncated: false,
			total_characters: text.length,
		});
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('marks where each page starts, in plain text too', async () => {
		const markdown = (await run(partition({ outputMode: 'text', options: { pdfSplitting: 'whole' } }), [pdfItem])).output[0][0].json;
		expect(markdown).toMatchObject({ element_count: 12, truncated: false });
		const text = markdown.text as string;
		expect(text.startsWith('<!-- page 1 -->\n\n# ')).toBe(true);
		expect(text.indexOf('<!-- page 2 -->')).toBeGreaterThan(0);
		expect(text.indexOf('<!-- page 3 -->')).toBeGreaterThan(text.indexOf('<!-- page 2 -->'));
		const plain = (await run(partition({ outputMode: 'text', textFormat: 'plain', options: { pdfSplitting: 'whole' } }), [pdfItem])).output[0][0].json.text as string;
		expect(plain).toContain('--- page 3 ---');
		expect(plain).not.toContain('# ');
	});

	it('cuts the text at Max Length with a marker that says how much is shown', async () => {
		const whole = (await run(partition({ outputMode: 'text', maxTextLength: 0, options: { pdfSplitting: 'whole' } }), [pdfItem])).output[0][0].json;
		const cut = (await run(partition({ outputMode: 'text', maxTextLength: 300, options: { pdfSplitting: 'whole' } }), [pdfItem])).output[0][0].json;
		expect(cut.truncated).toBe(true);
		expect(cut.total_characters).toBe((whole.text as string).length);
		expect((cut.text as string).length).toBeLessThanOrEqual(300);
		expect(cut.text).toMatch(new RegExp(`\\[… truncated: \\d+ of ${(whole.text as string).length} characters shown\\]$`));
	});

	it('refuses a negative Max Length before any request', async () => {
		const error = await failure(run(partition({ outputMode: 'text', maxTextLength: -1 }), [htmlItem]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/Max Length must be a whole number of 0 or more/);
		expect(await service.requests('/general')).toHaveLength(0);
	});
});

describe('Text output: job downloads', () => {
	it('Download Output gives one text per output file, for every node when asked', async () => {
		const created = await run(
			{ resource: 'job', operation: 'create', inputSource: 'allBinary', steps: { step: [{ kind: 'provider_ner', providerType: 'p', model: 'm' }] } },
			[{ json: {}, binary: { a: textFile('alpha.md', '# Alpha\n\nAlice met Bob in Paris.', 'text/markdown'), b: textFile('beta.txt', 'Beta text.') } }],
		);
		const jobId = created.output[0][0].json.id as string;
		await run({ resource: 'job', operation: 'waitForCompletion', jobId });
		const last = (await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'text' })).output[0].map((item) => item.json);
		expect(last.map((file: IDataObject) => [file.input_file_name, file.text])).toEqual([
			['alpha.md', '# Alpha\n\nAlice met Bob in Paris.'],
			['beta.txt', 'Beta text.'],
		]);
		expect(last[0]).toMatchObject({ job_id: jobId, truncated: false, total_characters: (last[0].text as string).length });
		expect(last[0]).not.toHaveProperty('elements');
		const all = (await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'text', options: { outputSteps: 'all' } })).output[0];
		expect(all).toHaveLength(4);
	});
});

describe('Text output: extracted data', () => {
	const schema = { type: 'object', properties: { total: { type: 'number' }, customer: { type: 'string' } } };
	const extract = async (extra: IDataObject) =>
		(
			await run(
				{
					resource: 'job',
					operation: 'process',
					steps: { step: [{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema: JSON.stringify(schema), provider: 'p', model: 'm', ...extra }] },
					options: { outputMode: 'text' },
				},
				[{ json: {}, binary: { data: textFile('invoice.md', '# Invoice\n\nFor ACME. Total 12.50.', 'text/markdown') } }],
			)
		).output[0].map((item) => item.json);

	it('gives extracted data alone as compact JSON', async () => {
		const [file] = await extract({});
		expect(file).toMatchObject({ input_file_name: 'invoice.md', truncated: false });
		const data = JSON.parse(file.text as string) as IDataObject;
		expect(Object.keys(data).sort()).toEqual(['customer', 'total']);
		expect(file.text).toBe(JSON.stringify(data));
	});

	it('puts the extraction first, as compact JSON, then the elements', async () => {
		const [file] = await extract({ outputMode: 'elements_with_extracted_data' });
		const [head, ...rest] = (file.text as string).split('\n\n');
		const data = JSON.parse(head.replace(/^Extracted data: /, '')) as IDataObject;
		expect(head).toBe(`Extracted data: ${JSON.stringify(data)}`);
		expect(Object.keys(data).sort()).toEqual(['customer', 'total']);
		expect(rest).toEqual(['# Invoice', 'For ACME. Total 12.50.']);
	});
});
