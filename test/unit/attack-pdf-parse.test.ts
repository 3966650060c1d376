/**
 * Attack suite, issue 49 rows 1–4 (docs/security.md, "The PDF worker"): small PDFs that make
 * pdf-lib build far more than they hold (support/pdfParseAttacks.ts). Before, pdf-lib parsed them
 * on n8n's thread: rows 1 and 2 ran the process out of heap, row 3 held the thread 28 s and
 * filled pdf-lib's process-wide reference pool for good (no later PDF split), row 4 held it 6 s.
 * Now each is read in a PDF worker: this thread's heap does not grow, its event loop is never held
 * a second, the process's memory grows by less than 256 MiB, and the next PDF splits.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { openPdf } from '../../nodes/DocumentProcessing/pdf/isolatedPdf';
import { heldMs, threadCpuMs } from '../e2e/lib/thread-cpu.cjs';
import { PARSE_ATTACKS, WORKER_LIMIT_REFUSAL } from '../integration/support/pdfParseAttacks';
import { samplePdf } from '../integration/support/pdfs';

const MIB = 2 ** 20;

/** What a file did to this process while it was read: the most this thread's event loop was held by its own work, peak RSS growth, heap growth. */
async function watched<T>(work: () => Promise<T>): Promise<{ result: T; loopHeldMs: number; peakRssMib: number; heapMib: number; ms: number }> {
	const rss = () => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
	const heapBefore = process.memoryUsage().heapUsed;
	const residentBefore = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
	// Resets the peak (VmHWM) to what the process holds now.
	writeFileSync('/proc/self/clear_refs', '5');
	// A gap between two ticks counts as held for as long as this thread ran in it (a loaded machine
	// stretches the gap, not the thread's time on a CPU).
	const tick = () => ({ at: performance.now(), cpu: threadCpuMs(process.pid) });
	const heldSince = (from: ReturnType<typeof tick>, to: ReturnType<typeof tick>) => heldMs(to.at - from.at, from.cpu, to.cpu);
	let last = tick();
	let loopHeldMs = 0;
	const timer = setInterval(() => {
		const now = tick();
		loopHeldMs = Math.max(loopHeldMs, heldSince(last, now));
		last = now;
	}, 10);
	const started = Date.now();
	try {
		const result = await work();
		// A thread held to the end never ran the timer again: the stretch since its last run counts too.
		loopHeldMs = Math.max(loopHeldMs, heldSince(last, tick()));
		return { result, loopHeldMs, peakRssMib: (rss() - residentBefore) / MIB, heapMib: (process.memoryUsage().heapUsed - heapBefore) / MIB, ms: Date.now() - started };
	} finally {
		clearInterval(timer);
	}
}

async function reading(bytes: Buffer): Promise<string | number> {
	const opening = await openPdf(bytes, true);
	if ('unreadable' in opening) return opening.unreadable;
	opening.pdf.close();
	return opening.pdf.pages;
}

const OUTCOMES: Record<number, unknown> = {
	1: expect.stringMatching(WORKER_LIMIT_REFUSAL),
	2: 'its object and cross-reference streams inflate to more than 32 MiB, the limit for a file of 6500007 bytes',
	3: expect.stringMatching(WORKER_LIMIT_REFUSAL),
	// Nothing in the empty blocks: the document is fine and splits.
	4: 2,
};

describe('attack: PDFs that make pdf-lib build far more than they hold (issue 49)', () => {
	let forty: Buffer;
	beforeAll(async () => {
		forty = await samplePdf({ pages: 40 });
		// The worker is started before the figures are taken, as in a running n8n.
		expect(await reading(Buffer.from(forty))).toBe(40);
	});

	it.each(PARSE_ATTACKS.map((attack) => [attack.row, attack.label, attack] as const))('row %i, %s: this thread untouched, the next PDF splits', async (row, _label, attack) => {
		const bytes = attack.make(attack.file.replace(/\.pdf$/, ''));
		const figures = await watched(async () => await reading(bytes));
		// The figures travel with the verdicts, so that a failure shows them.
		const { result, ...measured } = figures;
		expect({ result, loopHeldUnderOneSecond: measured.loopHeldMs < 1_000, rssUnder256Mib: measured.peakRssMib < 256, heapUnder32Mib: measured.heapMib < 32, measured }).toEqual({
			result: OUTCOMES[row],
			loopHeldUnderOneSecond: true,
			rssUnder256Mib: true,
			heapUnder32Mib: true,
			measured,
		});
		// What pdf-lib kept of the file (its reference pool) ended with the worker that read it.
		expect(await reading(Buffer.from(forty))).toBe(40);
	}, 60_000);
});
