/**
 * Issue 43, finding 6: the upload-form and invoice examples are public forms, and every file they
 * accept is a paid request. Published as imported, each answers only at its random address (the
 * fixed paths of earlier versions answer 404), and refuses inside the workflow, before anything
 * reaches the service, a file type it does not read and a file over 10 MB (the invoice form also
 * more than 10 files): the visitor gets the refusal page, the service node never runs, and the
 * emulator receives no request at all. Files go in through the page in Chromium, which, like any
 * client other than a careful browser, ignores the file field's list of accepted types.
 */
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import type { LoggedRequest } from '../../emulator/request-log';
import { maxExecutionId, nodeRuns, waitForExecutions } from '../n8n';
import { formUrl, importExample } from './example-import';
import type { ExamplesContext } from './examples-context';
import { pageShows, submitForm, type UploadedFile } from './form-page';

/** One byte over the examples' 10 MB (10,000,000 bytes) limit per file. */
const OVER_THE_LIMIT = 10_000_001;

interface Refusal {
	what: string;
	files: () => Promise<UploadedFile[]>;
}

interface PublicForm {
	example: string;
	trigger: string;
	/** The path the example published before issue 43. */
	oldPath: string;
	serviceNode: string;
	refusalNode: string;
	refusalTitle: string;
	refusals: Refusal[];
}

async function pdf(name: string): Promise<UploadedFile> {
	return { name, mimeType: 'application/pdf', buffer: Buffer.from(await makePdf([{ title: name, lines: ['Total: 10'] }])) };
}

/** A file that starts as a PDF and is one byte over the limit. */
function oversized(name: string): UploadedFile {
	const buffer = Buffer.alloc(OVER_THE_LIMIT, 0x20);
	buffer.write('%PDF-1.7\n', 0, 'latin1');
	return { name, mimeType: 'application/pdf', buffer };
}

const program: UploadedFile = { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ not a document') };
const image: UploadedFile = { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') };

const FORMS: PublicForm[] = [
	{
		example: 'upload-form-document-text.json',
		trigger: 'Upload a Document',
		oldPath: 'read-a-document',
		serviceNode: 'Read the Document',
		refusalNode: 'Refuse the File',
		refusalTitle: 'This file was not read',
		refusals: [
			{ what: 'a program', files: async () => [program] },
			{ what: 'a PDF over 10 MB', files: async () => [oversized('big.pdf')] },
		],
	},
	{
		example: 'invoice-fields-to-spreadsheet.json',
		trigger: 'Upload Invoices',
		oldPath: 'invoice-fields',
		serviceNode: 'Extract Invoice Fields',
		refusalNode: 'Refuse the Files',
		refusalTitle: 'These files were not read',
		refusals: [
			{ what: 'an invoice beside an SVG image', files: async () => [await pdf('inv-2001.pdf'), image] },
			{ what: 'an invoice beside a PDF over 10 MB', files: async () => [await pdf('inv-2002.pdf'), oversized('scan.pdf')] },
			{ what: '11 invoices', files: async () => await Promise.all(Array.from({ length: 11 }, async (_, i) => await pdf(`inv-${3000 + i}.pdf`))) },
		],
	},
];

export function publicFormsExample(context: () => ExamplesContext): void {
	it.each(FORMS.map((form) => [form.example, form] as const))('%s: only its random address answers; refused files start nothing at the service', async (_file, form) => {
		const { suite, browser } = context();
		const { e2e } = suite;
		const imported = await importExample(e2e.rest, form.example);
		await e2e.publish(imported.id);
		try {
			expect((await fetch(`${e2e.n8n.url}/form/${form.oldPath}`)).status).toBe(404);
			const address = formUrl(e2e.n8n.url, imported.saved, form.trigger);
			for (const refusal of form.refusals) {
				const files = await refusal.files();
				const since = new Date().toISOString();
				const before = await maxExecutionId(e2e.userFolder);
				await submitForm(browser.page, address, { files });
				const shown = await pageShows(browser.page, form.refusalTitle, 60_000);
				expect({ refusal: refusal.what, shown: /Nothing was sent for processing/.test(shown) }).toEqual({ refusal: refusal.what, shown: true });

				const [execution] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 60_000 });
				const ran = (node: string): number => nodeRuns(execution.data, node).length;
				expect({ refusal: refusal.what, status: execution.status, refused: ran(form.refusalNode), service: ran(form.serviceNode) }).toEqual({
					refusal: refusal.what,
					status: 'success',
					refused: 1,
					service: 0,
				});
				const requests = (await suite.client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
				expect({ refusal: refusal.what, requests: requests.filter((request) => request.received_at >= since).map((request) => `${request.method} ${request.path}`) }).toEqual({
					refusal: refusal.what,
					requests: [],
				});
			}
		} finally {
			await e2e.unpublish(imported.id);
		}
	}, 5 * 60_000);
}
