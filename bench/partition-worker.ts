import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { INode } from 'n8n-workflow';
import { UnstructuredClient } from 'unstructured-client';
// Type only (erased at run time): the package's `exports` map hides this path from require().
import type { PartitionParameters as SdkParameters } from 'unstructured-client/dist/commonjs/sdk/models/shared/partitionparameters';
import { partitionDocument } from '../nodes/DocumentProcessing/api/partition';
import type { PartitionParameters } from '../nodes/DocumentProcessing/api/partitionForm';
import { planPageRanges, type PageRange } from '../nodes/DocumentProcessing/helpers/pdfSplit';
import { closeAllPools, type CallContext } from '../nodes/DocumentProcessing/transport';

/**
 * One measured run in a fresh process, so its peak RSS belongs to this run alone.
 * argv: <variant> <file> <emulator JSON> <concurrency> [plan]
 * Prints one JSON line: wall time, peak RSS, RSS before the run, peak heap, and a digest of the
 * elements that came back (the orchestrator checks every variant returned the same).
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

const benchNode: INode = {
	id: 'bench',
	name: 'Document Processing',
	type: 'n8n-nodes-document-processing.documentProcessing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

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
	// As n8n hands over a binary it keeps on disk: a stream opened on demand.
	const source = { fileName: basename(file), mimeType: 'application/pdf', size: statSync(file).size, open: async () => createReadStream(file) };
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

	global.gc?.();
	const before = process.memoryUsage();
	let peakHeap = 0;
	let peakRss = 0;
	// Sampled during the run only: the process's lifetime maximum would include module loading.
	const sample = () => {
		const usage = process.memoryUsage();
		peakHeap = Math.max(peakHeap, usage.heapUsed + usage.external);
		peakRss = Math.max(peakRss, usage.rss);
	};
	const sampler = setInterval(sample, 5);
	const started = process.hrtime.bigint();
	let elements: unknown[] = [];
	let error: string | undefined;
	try {
		elements =
			variant === 'sdk-split'
				? await runSdk(file, emulator, concurrency)
				: await runNode(file, emulator, variant === 'node-split', concurrency, plan);
	} catch (caught) {
		error = caught instanceof Error ? caught.message : String(caught);
	}
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	sample();
	clearInterval(sampler);
	await closeAllPools();

	const result: WorkerResult = {
		variant,
		plan,
		wallMs,
		peakRss,
		baselineRss: before.rss,
		peakHeap,
		baselineHeap: before.heapUsed + before.external,
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
