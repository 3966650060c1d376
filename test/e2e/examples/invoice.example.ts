/**
 * examples/invoice-fields-to-spreadsheet.json: two invoices and a file the service cannot read are
 * uploaded through the form in Chromium; the extraction step fills the JSON Schema's fields and
 * the CSV has one row per invoice, the unreadable file as a row with its error.
 */
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { maxExecutionId, waitForExecutions } from '../n8n';
import { nodeBinary } from './binary-file';
import { formUrl, importExample } from './example-import';
import type { ExamplesContext } from './examples-context';
import { submitForm } from './form-page';

async function invoice(number: string, date: string, customer: string, total: string): Promise<Buffer> {
	return Buffer.from(await makePdf([{ title: 'Invoice', lines: [`Invoice number: ${number}`, `Invoice date: ${date}`, `Customer: ${customer}`, `Total: ${total}`] }]));
}

/** CSV rows as n8n's Convert to File writes them: comma-separated, quoted where a value needs it. */
function csvRows(csv: string): string[][] {
	const rows: string[][] = [[]];
	let field = '';
	let quoted = false;
	for (let i = 0; i < csv.length; i++) {
		const char = csv[i];
		if (quoted && char === '"' && csv[i + 1] === '"') {
			field += '"';
			i++;
		} else if (char === '"') quoted = !quoted;
		else if (!quoted && char === ',') {
			rows[rows.length - 1].push(field);
			field = '';
		} else if (!quoted && char === '\n') {
			rows[rows.length - 1].push(field.replace(/\r$/, ''));
			rows.push([]);
			field = '';
		} else field += char;
	}
	rows[rows.length - 1].push(field);
	return rows.filter((row) => row.length > 1 || row[0] !== '');
}

export function invoiceExample(context: () => ExamplesContext): void {
	it('Invoice fields to a spreadsheet: one CSV row per uploaded invoice, the unreadable file as a row with its error', async () => {
		const { suite, browser } = context();
		const { e2e } = suite;
		const imported = await importExample(e2e.rest, 'invoice-fields-to-spreadsheet.json');
		await e2e.publish(imported.id);
		const before = await maxExecutionId(e2e.userFolder);

		await submitForm(browser.page, formUrl(e2e.n8n.url, imported.saved, 'Upload Invoices'), {
			files: [
				{ name: 'inv-1001.pdf', mimeType: 'application/pdf', buffer: await invoice('INV-1001', '2026-03-01', 'Example Corp', '120.50') },
				{ name: 'inv-1002.pdf', mimeType: 'application/pdf', buffer: await invoice('INV-1002', '2026-03-07', 'Sample Ltd', '80') },
				{ name: 'unreadable.pdf', mimeType: 'application/pdf', buffer: await invoice('INV-0000', '2026-01-01', 'Nobody', '0') },
			],
		});
		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
		expect(execution.status).toBe('success');

		const csv = nodeBinary(e2e.userFolder, execution.data, 'CSV File');
		expect(csv.fileName).toBe('invoices.csv');
		const [header, ...rows] = csvRows(csv.content.toString('utf8').replace(/^\uFEFF/, ''));
		expect(header).toEqual(['File', 'Invoice Number', 'Invoice Date', 'Total', 'Customer', 'Error']);
		const byFile = Object.fromEntries(rows.map((row) => [row[0], row.slice(1)]));
		expect(Object.keys(byFile).sort()).toEqual(['inv-1001.pdf', 'inv-1002.pdf', 'unreadable.pdf']);
		expect(byFile['inv-1001.pdf']).toEqual(['INV-1001', '2026-03-01', '120.5', 'Example Corp', '']);
		expect(byFile['inv-1002.pdf']).toEqual(['INV-1002', '2026-03-07', '80', 'Sample Ltd', '']);
		expect(byFile['unreadable.pdf'].slice(0, 4)).toEqual(['', '', '', '']);
		expect(byFile['unreadable.pdf'][4]).toMatch(/unreadable\.pdf/);
		await e2e.unpublish(imported.id);
	}, 5 * 60_000);
}
