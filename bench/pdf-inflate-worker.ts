import { writeFileSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PDFContext, PDFDict, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { loadPdf } from '../nodes/DocumentProcessing/pdf/pdfDocument';
import { InflateBudget, inflateAllowance } from '../nodes/DocumentProcessing/pdf/inflateBudget';
import { cutOffStoredPdf, lookaheadBombPdf } from '../test/integration/support/pdfFlateAttacks';
import { inflatingStream, withStreams } from '../test/integration/support/pdfInflateBombs';
import { collectGarbage } from './lib/rss';

/**
 * One crafted PDF loaded once in this fresh process (bench/pdf-inflate.ts): by pdf-lib alone (what
 * the budget let pdf-lib do before issue 43: it charged these files 5 and 0 bytes) or by the
 * splitter's loadPdf (now). Prints one JSON line: inflated bytes, time, RSS growth and peak,
 * the longest the event loop was held.
 */
export type InflateCase = 'lookahead-317k' | 'lookahead-1.1m' | 'cut-off-2000' | 'at-the-cap';
export type InflateMode = 'pdf-lib' | 'loadPdf';
export interface InflateResult {
	fileBytes: number;
	allowance: number;
	inflated: number;
	outcome: string;
	ms: number;
	rssGrowth: number;
	peakGrowth: number;
	loopHeldMs: number;
}

const MIB = 2 ** 20;

export function crafted(name: InflateCase): Buffer {
	if (name === 'lookahead-317k') return lookaheadBombPdf('bench', 250_000, 8);
	if (name === 'lookahead-1.1m') return lookaheadBombPdf('bench', 1_040_000, 8);
	if (name === 'cut-off-2000') return cutOffStoredPdf('bench', 2_000);
	// 2 MB of stored bytes make the allowance its cap (32 MiB, issue 49); the object stream inflates to 30 MiB of it.
	const padding = Buffer.alloc(2 * MIB, 'x').toString('latin1');
	return withStreams('bench', [inflatingStream('ObjStm', 30 * MIB), `<< /Length ${padding.length} >>\nstream\n${padding}\nendstream`]);
}

function memory(field: 'VmRSS' | 'VmHWM'): number {
	const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
	return Number(match?.[1] ?? Number.NaN) * 1024;
}

/** Bytes pdf-lib's own decoders produce, counted at their base class (reached through an instance: pdf-lib does not export it). */
function countPdfLibDecoding(): () => number {
	const flate = decodePDFRawStream(PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }) as PDFDict, new Uint8Array([0x78, 0x9c])));
	const base = Object.getPrototypeOf(Object.getPrototypeOf(flate)) as { decode(): Uint8Array };
	const own = base.decode;
	let decoded = 0;
	base.decode = function (this: object) {
		const bytes = own.call(this);
		decoded += bytes.length;
		return bytes;
	};
	return () => decoded;
}

/** The longest stretch the event loop went without running a 1 ms timer. */
function watchLoop(): () => number {
	let last = performance.now();
	let longest = 0;
	const timer = setInterval(() => {
		const now = performance.now();
		longest = Math.max(longest, now - last);
		last = now;
	}, 1);
	return () => {
		clearInterval(timer);
		return Math.max(longest, performance.now() - last);
	};
}

async function main(): Promise<void> {
	const [name, mode] = process.argv.slice(2) as [InflateCase, InflateMode];
	const bytes = crafted(name);
	const pdfLibDecoded = countPdfLibDecoding();
	let budget: InflateBudget | undefined;
	const decode = InflateBudget.prototype.decode;
	InflateBudget.prototype.decode = function (this: InflateBudget, ...args) {
		budget = this;
		return decode.apply(this, args);
	};
	collectGarbage();
	const rssBefore = memory('VmRSS');
	writeFileSync('/proc/self/clear_refs', '5');
	const loopHeld = watchLoop();
	const started = Date.now();
	let outcome: string;
	try {
		if (mode === 'pdf-lib') outcome = `${(await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false })).getPageCount()} pages`;
		else {
			const read = await loadPdf(bytes);
			outcome = 'unreadable' in read ? `sent whole: ${read.unreadable}` : `${read.doc.getPageCount()} pages, split`;
		}
	} catch (error) {
		outcome = `error: ${error instanceof Error ? error.message : String(error)}`;
	}
	const ms = Date.now() - started;
	const loopHeldMs = loopHeld();
	const result: InflateResult = {
		fileBytes: bytes.length,
		allowance: inflateAllowance(bytes.length),
		inflated: pdfLibDecoded() + (budget?.inflated ?? 0),
		outcome: outcome.slice(0, 90),
		ms,
		rssGrowth: memory('VmRSS') - rssBefore,
		peakGrowth: memory('VmHWM') - rssBefore,
		loopHeldMs,
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (require.main === module) void main();
