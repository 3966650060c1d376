/**
 * An uploaded PDF as the rest of the package sees it: its page count and range PDFs, read in a PDF
 * worker (pdfWorkers.ts) so that no byte of it is parsed on n8n's thread or in its heap. A file the
 * worker could not read, or that took it past a limit, is `unreadable` with the reason, and the
 * caller sends it whole (docs/reading-documents.md, "PDFs sent whole").
 */
import { spansItsMemory } from './pdfFile';
import { PdfWorkerPool, type PdfWorkerLimits, type Thread } from './pdfWorkers';
import type { PageRange } from './pdfSplit';

/**
 * The limits every PDF is read under (docs/security.md; figures from `npm run bench:attacks` and
 * issue 49). Heap: reading takes 32 MiB for a 3,000-page file and 64 MiB for a 10,000-page one, so
 * 128 MiB reads about 20,000 pages of text, and one hostile file that fills it (with the young
 * generation, the worker itself and the 32 MiB inflate cap) grew n8n by at most 169 MiB, under the 256 MiB
 * the issue allows. Time: the 1,200-page corpus file reads and cuts in under a second on a loaded
 * 2-core machine; 20 s leaves room for a busy one. Two workers: two files read at once, two cores.
 */
export const PDF_WORKER_LIMITS: PdfWorkerLimits = {
	workers: 2,
	heapMb: 128,
	youngMb: 16,
	stackMb: 4,
	openMs: 20_000,
	cutMs: 20_000,
	filesPerWorker: 50,
	idleMs: 60_000,
};

const sharedPool = new PdfWorkerPool(PDF_WORKER_LIMITS);

/** A PDF open in a worker until `close()`. */
export interface OpenedPdf {
	readonly pages: number;
	/** The range's PDF file; throws why it could not be cut (the caller then sends the file whole). */
	cut(range: PageRange): Promise<Buffer>;
	close(): void;
}

export type PdfOpening = { pdf: OpenedPdf } | { unreadable: string };

/**
 * Opens the PDF in `bytes` in a worker. `owned`: nobody else holds `bytes` (e.g. read from a stream
 * into a buffer of its own, pdfFile.ts `readOwned`), so its memory moves to the worker without a
 * copy and is unusable here afterwards; otherwise the bytes are copied once.
 */
export async function openPdf(bytes: Uint8Array, owned: boolean, pool: PdfWorkerPool = sharedPool): Promise<PdfOpening> {
	const transferable = owned && spansItsMemory(bytes) ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
	const opened = await pool.open(transferable);
	if ('unreadable' in opened) return opened;
	const { doc, pages, thread } = opened;
	return { pdf: openedPdf(pool, thread, doc, pages) };
}

function openedPdf(pool: PdfWorkerPool, thread: Thread, doc: number, pages: number): OpenedPdf {
	return {
		pages,
		cut: async (range) => Buffer.from(await pool.cut(thread, doc, range.first, range.last)),
		close: () => pool.close(thread, doc),
	};
}

/** A pool of its own, for tests and benchmarks that need other limits. */
export function pdfWorkerPool(limits: Partial<PdfWorkerLimits> = {}): PdfWorkerPool {
	return new PdfWorkerPool({ ...PDF_WORKER_LIMITS, ...limits });
}

/** Ends the shared pool's workers (tests and benchmarks that want no thread left behind). */
export async function endPdfWorkers(): Promise<void> {
	await sharedPool.endAll();
}
