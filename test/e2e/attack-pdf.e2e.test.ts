/**
 * Attack suite, real n8n (issue 31 item 1): three page-tree bombs of under 2 KB each and an
 * inflate bomb (an object stream of 32 MiB in 33 KB) through one Partition File run, in the shared
 * n8n's own process (a published workflow, not the CLI). Taken at their word the page-tree bombs
 * claimed 10⁸ pages and more and crashed n8n (heap out of memory); now each file is sent whole,
 * the process's resident memory (VmRSS in /proc/<pid>/status) grows by less than 100 MB plus one
 * PDF worker's heap limit, and the
 * service gets no more partition requests than the files have distinct pages.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PDF_WORKER_LIMITS } from '../../nodes/DocumentProcessing/pdf/isolatedPdf';
import type { LoggedRequest } from '../emulator/request-log';
import { cyclicTree, lyingCount, repeatedTree } from '../integration/support/pdfBombs';
import { inflatingStream, withStreams } from '../integration/support/pdfInflateBombs';
import { startRun } from './lib/pause';
import { processMemoryBytes } from './lib/process-memory';
import { publishedWebhookWorkflow } from './lib/webhook-workflow';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, nodeOutputJson, useE2eSuite, waitForExecutions } from './n8n';

/** 100 MB for the bombs, plus what one PDF worker may hold (its heap and young generation): a cold n8n starts one here. */
const HEAP_BOUND_MB = 100 + PDF_WORKER_LIMITS.heapMb + PDF_WORKER_LIMITS.youngMb;

/** The bombs, the pages each really holds and the size each stays under. */
const BOMBS = [
	{ file: 'hundred-million.pdf', pages: 1, maxBytes: 2048, make: () => repeatedTree('hundred-million', 8, 10) },
	{ file: 'cyclic-tree.pdf', pages: 2, maxBytes: 2048, make: () => cyclicTree('cyclic-tree') },
	{ file: 'lying-count.pdf', pages: 3, maxBytes: 2048, make: () => lyingCount('lying-count', 3, 100_000_000) },
	// 32 MiB, not more: the emulator reads the whole file with pdf-lib in the test process.
	{ file: 'inflate-bomb.pdf', pages: 2, maxBytes: 100_000, make: () => withStreams('inflate-bomb', [inflatingStream('ObjStm', 32 * 2 ** 20)]) },
];

/** A figure of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak since the last reset). */
const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => processMemoryBytes(pid, field) / 1024 / 1024;

describe('attack: PDF page-tree and inflate bombs in real n8n', () => {
	const suite = useE2eSuite({ label: 'attack-pdf' });
	let workflowId = '';
	let webhookPath = '';

	beforeAll(async () => {
		const { e2e, emulator, apiKey } = suite;
		const credential = await e2e.importCredential({
			name: 'Attack PDF (emulator)',
			type: 'documentProcessingApi',
			data: { apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl },
		});
		({ workflowId, webhookPath } = await publishedWebhookWorkflow(e2e, 'attack-pdf-bombs.json', credential));
	}, E2E_SETUP_TIMEOUT_MS);

	it('partitions four crafted PDFs in one run: memory bounded, no more requests than distinct pages', async () => {
		const { e2e, emulator } = suite;
		for (const bomb of BOMBS) {
			const bytes = bomb.make();
			expect({ file: bomb.file, small: bytes.length < bomb.maxBytes }).toEqual({ file: bomb.file, small: true });
			fs.writeFileSync(path.join(suite.filesDir, bomb.file), bytes);
		}
		const { pid } = e2e.n8n;
		const rssBefore = memoryMb(pid, 'VmRSS');
		// Resets the peak (VmHWM) to the current size, so the peak below is this run's.
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		const before = await maxExecutionId(e2e.userFolder);
		await startRun(e2e.n8n.url, webhookPath, path.join(suite.filesDir, '*.pdf'));
		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, count: 1, timeoutMs: 120_000 });

		// n8n is still the same process, and the run succeeded with every file sent whole.
		const growth = { rssMb: memoryMb(pid, 'VmRSS') - rssBefore, peakMb: memoryMb(pid, 'VmHWM') - rssBefore };
		expect(execution.status).toBe('success');
		expect(growth.rssMb).toBeLessThan(HEAP_BOUND_MB);
		const items = nodeOutputJson(execution.data, 'Partition File');
		expect(items.map((item) => [item.file_name, item.requests, typeof item.split_skipped]).sort()).toEqual(BOMBS.map((bomb) => [bomb.file, 1, 'string']).sort());

		const { requests } = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { requests: LoggedRequest[] };
		const partitions = requests.filter((request) => request.path === '/general/v0/general');
		expect(partitions.length).toBeLessThanOrEqual(BOMBS.reduce((sum, bomb) => sum + bomb.pages, 0));
		expect(partitions.map((request) => request.status)).toEqual(BOMBS.map(() => 200));
	}, 180_000);
});
