/**
 * Attack suite, real n8n (issue 43 finding 1): the upload-form example (examples/, imported as
 * the examples suite imports it, its form found where the saved workflow says) gets an 8-page PDF
 * of 317 KB whose object stream pdf-lib's own inflater reads as 258 MB, where RFC 1951 reads 5
 * bytes (test/integration/support/pdfFlateAttacks.ts). Before, n8n inflated the 258 MB while the
 * splitter loaded the file (bench/pdf-inflate.ts: 458 MB of RSS in a bare process). Now pdf-lib
 * parses what the inflate budget's own inflater made, in a PDF worker: the document is split and
 * read, n8n's resident memory grows by less than the file's inflate allowance, plus what one PDF
 * worker may hold (its heap and young generation, a new worker's on a cold n8n), plus 64 MiB, and
 * n8n keeps answering (its health check never waits a second).
 */
import { inflateAllowance } from '../../nodes/DocumentProcessing/pdf/inflateBudget';
import { PDF_WORKER_LIMITS } from '../../nodes/DocumentProcessing/pdf/isolatedPdf';
import { lookaheadBombPdf } from '../integration/support/pdfFlateAttacks';
import { publishUploadForm } from './examples/example-import';
import { processMemoryBytes } from './lib/process-memory';
import { ATTACK_BOUNDS, submitFileForm as submitForm, watchHealth, type HealthWatch } from './lib/served-attack';
import { EXAMPLES_EMULATOR } from './examples/examples-context';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, nodeOutputJson, useE2eSuite, waitForExecutions } from './n8n';

const MIB = 2 ** 20;

describe('attack: a PDF whose object stream pdf-lib would inflate to 258 MB, through the upload form in real n8n', () => {
	const suite = useE2eSuite({ label: 'attack-pdf-inflate', emulatorConfig: EXAMPLES_EMULATOR });
	let workflowId = '';
	let form = '';

	beforeAll(async () => {
		// A credential of this suite's own name: the examples suite resolves its references by name in the same n8n.
		({ workflowId, form } = await publishUploadForm(suite.e2e, await suite.importEmulatorCredential('Attack PDF inflate (emulator)')));
	}, E2E_SETUP_TIMEOUT_MS);

	it('reads the document, memory within the allowance + one PDF worker + 64 MiB, n8n answering throughout', async () => {
		const { e2e } = suite;
		const pdf = lookaheadBombPdf('lookahead', 250_000, 8);
		expect(pdf.length).toBeGreaterThan(300_000);
		expect(pdf.length).toBeLessThan(330_000);
		const { pid } = e2e.n8n;
		const before = await maxExecutionId(e2e.userFolder);
		const rssBefore = processMemoryBytes(pid);
		const watching = watchHealth(e2e.n8n);
		let health: HealthWatch;
		let seen: string[];
		try {
			seen = await submitForm(form, { name: 'lookahead.pdf', bytes: pdf });
		} finally {
			health = await watching.stop();
		}
		expect({ seen, last: seen[seen.length - 1] }).toEqual({ seen, last: 'success' });
		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, timeoutMs: 60_000 });

		const bound = inflateAllowance(pdf.length) + (PDF_WORKER_LIMITS.heapMb + PDF_WORKER_LIMITS.youngMb) * MIB + 64 * MIB;
		const growth = processMemoryBytes(pid) - rssBefore;
		// The figures travel with the verdicts, so that a failure shows them.
		const figures = { rssGrowthMiB: Math.round(growth / MIB), boundMiB: Math.round(bound / MIB), health };
		expect({ status: execution.status, rssWithinBound: growth <= bound, heldUnderOneSecond: health.longestHeldMs <= ATTACK_BOUNDS.loopHeldMs, figures }).toEqual({
			status: 'success',
			rssWithinBound: true,
			heldUnderOneSecond: true,
			figures,
		});
		const [read] = nodeOutputJson(execution.data, 'Read the Document');
		expect(read).toMatchObject({ file_name: 'lookahead.pdf', page_count: 8 });
		expect(String(read.text)).toContain('Text of lookahead, page 8.');
		// Split into ranges: the splitter read the file (a file sent whole would be one request).
		const { requests } = (await (await fetch(`${suite.emulator.url}/_emulator/requests`)).json()) as { requests: Array<{ path: string }> };
		expect(requests.filter((request) => request.path === '/general/v0/general').length).toBeGreaterThan(1);
		await e2e.unpublish(workflowId);
	}, 180_000);
});
