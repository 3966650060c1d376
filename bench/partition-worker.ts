import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { UnstructuredClient } from 'unstructured-client';
// Type only (erased at run time): the package's `exports` map hides this path from require().
import type { PartitionParameters as SdkParameters } from 'unstructured-client/dist/commonjs/sdk/models/shared/partitionparameters';
import { partitionDocument } from '../nodes/DocumentProcessing/api/partition';
import type { PartitionParameters } from '../nodes/DocumentProcessing/api/partitionForm';
import { planPageRanges, type PageRange } from '../nodes/DocumentProcessing/pdf/pdfSplit';
import { closeAllPools, type CallContext } from '../nodes/DocumentProcessing/transport';
import { startEmulator } from '../test/emulator';
import { samplePdf } from '../test/integration/support/pdfs';
import { RssSampler } from './lib/rss';
import { actionNode } from '../test/harness/action-node';

/**
 * One measured run in a fresh process, so its peak RSS belongs to this run alone.
 * argv: <variant> <file> <emulator JSON> <concurrency> [plan]
 * Prints one JSON line: wall time, the client's CPU time, peak RSS, RSS before the run, peak heap,
 * and a digest of the elements that came back (the orchestrator checks every variant returned the same).
 * Before the measured run the same client partitions a small PDF once (see warmUp).
 */
export type Variant = 'node-split' | 'node-unsplit' | 'sdk-split';
export type PlanName = 'node' | 'sdk' | 'one-wave';

interface Emulator {
	url: string;
	partitionUrl: string;
	apiKey: string;
}

export interface WorkerResult {
	variant: Variant;
	plan: PlanName;
	wallMs: number;
	/** User + system CPU time of this process during the run: what the client itself costs. */
	cpuMs: number;
	peakRss: number;
	baselineRss: number;
	peakHeap: number;
	baselineHeap: number;
	elements: number;
	lastPage: number;
	digest: string;
	/** Set when the partition failed: the error's message. */
	error?: string;
}

const SDK_MIN_PAGES = 2;
const SDK_MAX_PAGES = 20;

/** Range-size rules the benchmark compares; `node` is the one the node ships. */
const PLANS: Record<PlanName, (span: PageRange, concurrency: number) => PageRange[]> = {
	node: planPageRanges,
	// unstructured-client's SplitPdfHook: clamp(ceil(pages / concurrency), 2, 20) pages per range.
	sdk: (span, concurrency) => fixedSize(span, Math.min(SDK_MAX_PAGES, Math.max(SDK_MIN_PAGES, Math.ceil((span.last - span.first + 1) / concurrency)))),
	// As many ranges as slots: one wave, no size cap.
	'one-wave': (span, concurrency) => fixedSize(span, Math.ceil((span.last - span.first + 1) / concurrency)),
};

function fixedSize(span: PageRange, size: number): PageRange[] {
	const ranges: PageRange[] = [];
	for (let first = span.first; first <= span.last; first += size) ranges.push({ first, last: Math.min(span.last, first + size - 1) });
	return ranges;
}

const benchNode = actionNode('bench');

function parameters(split: boolean, concurrency: number): PartitionParameters {
	return {
		strategy: 'fast',
		languages: [],
		coordinates: false,
		uniqueElementIds: false,
		splitPdfPage: split,
		splitPdfAllowFailed: false,
		splitPdfConcurrencyLevel: concurrency,
		additional: [],
	};
}

async function runNode(file: string, emulator: Emulator, split: boolean, concurrency: number, plan: PlanName): Promise<unknown[]> {
	const call: CallContext = {
		node: benchNode,
		connection: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl },
		itemIndex: 0,
	};
	// As n8n hands over a binary it keeps on disk (filesystem mode): a stream opened on demand,
	// read in chunks of the size asked for (n8n's getBinaryStream passes it on as highWaterMark).
	const source = {
		fileName: basename(file),
		mimeType: 'application/pdf',
		size: statSync(file).size,
		open: async (chunkSize?: number) => createReadStream(file, chunkSize ? { highWaterMark: chunkSize } : {}),
	};
	const outcome = await partitionDocument(call, source, parameters(split, concurrency), PLANS[plan]);
	return outcome.elements;
}

async function runSdk(file: string, emulator: Emulator, concurrency: number): Promise<unknown[]> {
	const client = new UnstructuredClient({ serverURL: emulator.url, security: { apiKeyAuth: emulator.apiKey } });
	const response = await client.general.partition({
		partitionParameters: {
			// As the SDK's README does it: the file read into memory.
			files: { content: readFileSync(file), fileName: basename(file) },
			strategy: 'fast' as SdkParameters['strategy'],
			splitPdfPage: true,
			splitPdfConcurrencyLevel: concurrency,
		},
	});
	if (!Array.isArray(response)) throw new Error(`the SDK returned ${typeof response}, not an element list`);
	return response;
}

function run(variant: Variant, file: string, emulator: Emulator, concurrency: number, plan: PlanName): Promise<unknown[]> {
	return variant === 'sdk-split' ? runSdk(file, emulator, concurrency) : runNode(file, emulator, variant === 'node-split', concurrency, plan);
}

/**
 * What a running n8n has done long before a large file comes: loaded and JIT-compiled the code,
 * and compiled undici's WASM HTTP parser to optimised code (in a fresh process that compilation
 * alone leaves ~36 MB in a malloc arena of V8's compiler thread, whatever the file). So the client
 * first partitions a small PDF against a throwaway in-process emulator, which leaves the measured
 * emulator's request log and faults untouched; then the garbage is collected and the run measured.
 */
async function warmUp(variant: Variant, concurrency: number, plan: PlanName): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'partition-warm-up-'));
	const emulator = await startEmulator({ config: { accept_sdk_header: true, max_parse_bytes: 1024 * 1024 * 1024 } });
	try {
		const file = join(dir, 'warm-up.pdf');
		writeFileSync(file, await samplePdf({ pages: 40, imageBytesPerPage: 10_000 }));
		const target = { url: emulator.url, partitionUrl: emulator.partitionUrl, apiKey: emulator.apiKey };
		for (let round = 0; round < 3; round++) await run(variant, file, target, concurrency, plan);
	} finally {
		await closeAllPools();
		await emulator.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

function digest(elements: unknown[]): { digest: string; lastPage: number } {
	const hash = createHash('sha256');
	let lastPage = 0;
	for (const element of elements) {
		const { element_id: id, metadata } = element as { element_id?: unknown; metadata?: { page_number?: unknown } };
		const page = Number(metadata?.page_number);
		hash.update(`${String(id)}@${page};`);
		lastPage = page;
	}
	return { digest: hash.digest('hex').slice(0, 12), lastPage };
}

async function main(): Promise<void> {
	const [variant, file, emulatorJson, concurrencyText, planText] = process.argv.slice(2) as [Variant, string, string, string, PlanName?];
	const emulator = JSON.parse(emulatorJson) as Emulator;
	const concurrency = Number(concurrencyText);
	const plan = planText ?? 'node';

	await warmUp(variant, concurrency, plan);
	// Every 25 ms: the peak RSS comes from the kernel, the timer only catches the heap's peak.
	const memory = new RssSampler(25).start();
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	let elements: unknown[] = [];
	let error: string | undefined;
	try {
		elements = await run(variant, file, emulator, concurrency, plan);
	} catch (caught) {
		error = caught instanceof Error ? caught.message : String(caught);
	}
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	const window = memory.stop();
	await closeAllPools();

	const result: WorkerResult = {
		variant,
		plan,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		peakRss: window.peakRss,
		baselineRss: window.baselineRss,
		peakHeap: window.peakHeapAndBuffers,
		baselineHeap: window.baselineHeapAndBuffers,
		elements: elements.length,
		...digest(elements),
		...(error === undefined ? {} : { error: error.split('\n')[0]?.slice(0, 200) }),
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		process.exit(1);
	});
}
