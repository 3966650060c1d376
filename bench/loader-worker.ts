import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { partitionDocument } from '../nodes/DocumentProcessing/api/partition';
import type { PartitionParameters } from '../nodes/DocumentProcessing/api/partitionForm';
import { fileDocuments } from '../nodes/DocumentProcessing/loader/chunkDocuments';
import { hashedWhileRead } from '../nodes/DocumentProcessing/loader/documentId';
import { FileState } from '../nodes/DocumentProcessing/loader/fileState';
import { contentToText } from '../nodes/DocumentProcessing/outputs/elementText';
import { closeAllPools, type CallContext } from '../nodes/DocumentProcessing/transport';
import { actionNode } from '../test/harness/action-node';
import { partitionParameters } from '../test/harness/partition-parameters';
import { collectGarbage, RssSampler } from './lib/rss';

/**
 * One measured path in a fresh process (its peak RSS is its own). argv: <variant> <file> <emulator JSON>
 *   partition       Partition File alone: the elements of the file (split into page ranges)
 *   loader          the Document Processing Loader's path: the same request chunked by title
 *                   (with the chunks' original elements, zlib as the service sends them), the
 *                   file hashed for its document_id, turned into documents with flat metadata
 *   default-loader  Partition File (Output: Text) → Default Data Loader with its default splitter
 *                   (LangChain's RecursiveCharacterTextSplitter, 1,000 characters, 200 overlap)
 * Prints one JSON line: wall time, peak RSS and its baseline, chunks, chunks that cut a heading from its section.
 */
export type LoaderVariant = 'partition' | 'loader' | 'default-loader';

export interface LoaderResult {
	variant: LoaderVariant;
	wallMs: number;
	peakRss: number;
	baselineRss: number;
	elements: number;
	chunks: number;
	/** Chunks that hold a section's heading but not the start of its text (samplePdf's "Section N heading" / "Page N paragraph 1."). */
	headingCuts: number;
	/** The JSON size of the service's answer (elements or chunks): what the client holds besides the file. */
	elementBytes: number;
	/** Partition requests of the measured run (the warm-up's are not counted). */
	requests: number;
}

const node = actionNode('bench');

function parameters(chunked: boolean): PartitionParameters {
	return partitionParameters(chunked ? { chunkingStrategy: 'by_title', maxCharacters: 500, additional: [['include_orig_elements', 'true']] } : {});
}

export function headingCuts(chunks: string[]): number {
	let cuts = 0;
	for (const chunk of chunks) {
		for (const match of chunk.matchAll(/Section (\d+) heading/g)) if (!chunk.includes(`Page ${match[1]} paragraph 1.`)) cuts += 1;
	}
	return cuts;
}

async function run(variant: LoaderVariant, file: string, call: CallContext): Promise<{ elements: number; elementBytes: number; chunks: string[] }> {
	const source = { fileName: basename(file), mimeType: 'application/pdf', size: statSync(file).size, open: async (chunkSize?: number) => createReadStream(file, chunkSize ? { highWaterMark: chunkSize } : {}) };
	// The loader hashes the file for its document_id as the partition reads it (itemDocuments.ts).
	const sent = hashedWhileRead(source);
	const outcome = await partitionDocument(call, variant === 'loader' ? sent.file : source, parameters(variant === 'loader'));
	const answer = { elements: outcome.elements.length, elementBytes: Buffer.byteLength(JSON.stringify(outcome.elements)) };
	if (variant === 'partition') return { ...answer, chunks: [] };
	if (variant === 'loader') {
		// As itemDocuments does: the file's id from its bytes, then its chunks as documents.
		const file = new FileState(await sent.documentId());
		const documents = await fileDocuments(outcome.elements, { fileName: source.fileName, itemIndex: 0 }, { tablesAsHtml: false, coordinates: false, extra: [], leaveOut: new Set() }, file);
		return { ...answer, chunks: documents.map((document) => document.pageContent) };
	}
	const { text } = contentToText({ elements: outcome.elements }, { format: 'markdown', maxLength: 0 });
	const chunks = await new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 200 }).splitText(text);
	return { ...answer, chunks };
}

async function partitionRequests(url: string): Promise<number> {
	const response = await fetch(`${url}/_emulator/requests`);
	const { requests } = (await response.json()) as { requests: Array<{ path: string }> };
	return requests.filter((request) => request.path === '/general/v0/general').length;
}

async function main(): Promise<void> {
	const [variant, file, emulatorJson, warmFile] = process.argv.slice(2) as [LoaderVariant, string, string, string];
	const emulator = JSON.parse(emulatorJson) as { url: string; partitionUrl: string; apiKey: string };
	const call: CallContext = { node, connection: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl }, itemIndex: 0 };
	// Warm: the code loaded and compiled, as in a running n8n (the orchestrator does not count these requests).
	await run(variant, warmFile, call);
	const requestsBefore = await partitionRequests(emulator.url);
	collectGarbage();
	const memory = new RssSampler(25).start();
	const started = performance.now();
	const result = await run(variant, file, call);
	const wallMs = performance.now() - started;
	const window = memory.stop();
	await closeAllPools();
	const requests = (await partitionRequests(emulator.url)) - requestsBefore;
	const output: LoaderResult = {
		variant,
		wallMs,
		peakRss: window.peakRss,
		baselineRss: window.baselineRss,
		elements: result.elements,
		chunks: result.chunks.length,
		headingCuts: headingCuts(result.chunks),
		elementBytes: result.elementBytes,
		requests,
	};
	process.stdout.write(`${JSON.stringify(output)}\n`);
}

if (require.main === module) void main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
