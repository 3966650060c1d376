/**
 * The PDF workers (pdf/pdfWorkers.ts, pdf/isolatedPdf.ts, issue 49): files are read and cut in
 * worker threads, byte for byte as pdf-lib on n8n's thread would; workers are reused, at most
 * `workers` read at once, and a worker that runs out of memory or time, or read a file it could not
 * split, is replaced, costing only what it held; idle workers end and keep no process alive.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openPdf, pdfWorkerPool, type OpenedPdf } from '../../nodes/DocumentProcessing/pdf/isolatedPdf';
import { buildRangePdf, loadPdf } from '../../nodes/DocumentProcessing/pdf/pdfDocument';
import type { PdfWorkerPool } from '../../nodes/DocumentProcessing/pdf/pdfWorkers';
import { offsetTableBomb } from '../integration/support/pdfParseAttacks';
import { manyPages } from '../integration/support/pdfTrees';
import { corruptPdf, samplePdf } from '../integration/support/pdfs';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

async function opened(bytes: Buffer, pool: PdfWorkerPool): Promise<OpenedPdf> {
	const opening = await openPdf(bytes, false, pool);
	if ('unreadable' in opening) throw new Error(`did not open: ${opening.unreadable}`);
	return opening.pdf;
}

const pools: PdfWorkerPool[] = [];
function pool(limits: Parameters<typeof pdfWorkerPool>[0] = {}): PdfWorkerPool {
	const made = pdfWorkerPool(limits);
	pools.push(made);
	return made;
}
afterAll(async () => await Promise.all(pools.map(async (made) => await made.endAll())));

describe('PDF workers', () => {
	let sample: Buffer;
	beforeAll(async () => {
		sample = await samplePdf({ pages: 12, imageBytesPerPage: 3_000 });
	});

	it('reads and cuts in a worker exactly what pdf-lib on this thread reads and cuts', async () => {
		const pdf = await opened(sample, pool());
		expect(pdf.pages).toBe(12);
		const here = await loadPdf(sample);
		if ('unreadable' in here) throw new Error(here.unreadable);
		for (const range of [{ first: 1, last: 3 }, { first: 4, last: 9 }, { first: 12, last: 12 }]) {
			expect((await pdf.cut(range)).equals(Buffer.from(await buildRangePdf(here.doc, range)))).toBe(true);
		}
		pdf.close();
		await expect(pdf.cut({ first: 1, last: 1 })).rejects.toThrow('the document is no longer open');
	});

	it('says why a file cannot be split, as the reader on this thread did', async () => {
		const workers = pool();
		expect(await openPdf(corruptPdf(), false, workers)).toEqual({ unreadable: expect.stringMatching(/^pdf-lib could not read it \(.+\)$/) });
		expect(await openPdf(Buffer.from('just text'), false, workers)).toEqual({ unreadable: 'the file has no %PDF- header' });
	});

	it('takes the bytes it owns without a copy, and copies bytes it was lent', async () => {
		const workers = pool();
		const lent = Buffer.from(sample);
		(await opened(lent, workers)).close();
		expect(lent.equals(sample)).toBe(true);
		const owned = new Uint8Array(sample);
		const opening = await openPdf(owned, true, workers);
		expect('pdf' in opening && opening.pdf.pages).toBe(12);
		// Transferred to the worker: nothing of it is left on this thread.
		expect(owned.byteLength).toBe(0);
	});

	it('reuses its workers and reads at most `workers` files at once, the rest queued', async () => {
		const workers = pool({ workers: 2 });
		for (let file = 0; file < 4; file++) (await opened(sample, workers)).close();
		expect(workers.workers.running).toBe(1);
		const seen: number[] = [];
		const all = Array.from({ length: 6 }, async () => {
			const pdf = await opened(sample, workers);
			seen.push(workers.workers.running);
			await pdf.cut({ first: 2, last: 3 });
			pdf.close();
		});
		await Promise.all(all);
		expect(seen.reduce((most, running) => Math.max(most, running), 0)).toBe(2);
	});

	it('a file that runs its worker out of memory costs that file and what the worker held, nothing else', async () => {
		const workers = pool({ workers: 1, heapMb: 32 });
		const victim = await opened(sample, workers);
		// Queued behind the bomb in the one worker: it goes to the next worker and is read.
		const [bomb, queued] = await Promise.all([openPdf(offsetTableBomb('bomb'), false, workers), openPdf(sample, false, workers)]);
		expect(bomb).toEqual({ unreadable: 'reading it took more than the 32 MiB of memory a PDF may use' });
		expect('pdf' in queued && queued.pdf.pages).toBe(12);
		// The document open in the worker that ended is gone: cutting it fails, and says why.
		await expect(victim.cut({ first: 1, last: 2 })).rejects.toThrow(
			'the PDF worker holding the document ended (reading it took more than the 32 MiB of memory a PDF may use)',
		);
		expect('pdf' in queued && (await queued.pdf.cut({ first: 1, last: 2 })).length).toBeGreaterThan(0);
	});

	it('a file that takes longer than its clock is cut short, and the next file gets a new worker', async () => {
		const workers = pool({ workers: 1, openMs: 50 });
		expect(await openPdf(manyPages('slow', 1_200), false, workers)).toEqual({ unreadable: 'reading it took longer than 0.05 s' });
		expect(workers.workers.running).toBe(0);
		const fast = pool({ workers: 1, cutMs: 1 });
		const pdf = await opened(sample, fast);
		await expect(pdf.cut({ first: 1, last: 12 })).rejects.toThrow('cutting them took longer than 0.001 s');
	});

	it('sends a file whole when no worker can start, without trying again and again', async () => {
		// Too little heap to load the worker's own code.
		const workers = pool({ workers: 1, heapMb: 1, youngMb: 1 });
		const openings = await Promise.all([openPdf(sample, false, workers), openPdf(sample, false, workers)]);
		expect(openings).toEqual([
			{ unreadable: expect.stringMatching(/^the PDF worker could not start \(.+\)$/) },
			{ unreadable: expect.stringMatching(/^the PDF worker could not start \(.+\)$/) },
		]);
		expect(workers.workers.running).toBe(0);
	});

	it('replaces a worker after a file it could not split, and after `filesPerWorker` files', async () => {
		const workers = pool({ workers: 1, filesPerWorker: 2 });
		await openPdf(corruptPdf(), false, workers);
		// It held no document: it ended at once, and the next file has a new one.
		expect(workers.workers.running).toBe(0);
		const first = await opened(sample, workers);
		const second = await opened(sample, workers);
		// Its second file was its last: it takes no third, and ends once both are closed.
		expect(workers.workers).toEqual({ running: 1, retiring: 1 });
		const third = await opened(sample, workers);
		expect(workers.workers).toEqual({ running: 2, retiring: 1 });
		for (const pdf of [first, second, third]) pdf.close();
		expect(workers.workers).toEqual({ running: 1, retiring: 0 });
	});

	it('ends an idle worker after `idleMs`, and an idle worker keeps no process alive', async () => {
		const workers = pool({ idleMs: 100 });
		(await opened(sample, workers)).close();
		expect(workers.workers.running).toBe(1);
		await sleep(1_000);
		expect(workers.workers.running).toBe(0);
		// A process that read a PDF and left it open exits by itself, long before the 60 s idle time
		// (counted from the end of its work: starting ts-node takes seconds on a busy machine).
		const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'support', 'open-pdf-and-return.ts')], {
			cwd: join(__dirname, '..', '..'),
			timeout: 120_000,
		});
		const exited = Date.now();
		const done = /^pages 4, range of \d+ bytes, done at (\d+)\n$/.exec(stdout);
		expect(done).not.toBeNull();
		expect(exited - Number(done?.[1])).toBeLessThan(20_000);
	}, 150_000);
});
