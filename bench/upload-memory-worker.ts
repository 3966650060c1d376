import { createReadStream, openAsBlob, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { FormData, request } from 'undici';
import { createJob } from '../nodes/DocumentProcessing/api/jobs';
import type { JobNode } from '../nodes/DocumentProcessing/pipeline/pipeline';
import { closeAllPools } from '../nodes/DocumentProcessing/transport';
import { binaryFilePath, disposeHarness, executeNode, type HarnessBinary } from '../test/harness';
import type { EmulatorAddress } from './lib/emulator-process';
import { DocumentProcessing } from './lib/node-type';
import { RssSampler, type RssWindow } from './lib/rss';
import { runBench } from './lib/processes';
import { actionNode } from '../test/harness/action-node';

/**
 * One measured upload in a fresh process (so the peak RSS is this upload's alone; the emulator
 * runs in another process). argv: <variant> <directory of files> <emulator address JSON>
 * Prints one JSON line (UploadResult).
 *
 * Every variant goes through the same n8n execution: the files are first stored by n8n-core
 * (as an upstream Read Files node would), then only the node's `execute` is measured. The raw
 * client runs in that same place, on the very files n8n stored, so both clients start from the
 * same process state: storing 500 MB leaves the V8 heap in a state where streaming buffers
 * cost far more garbage collection, and a raw client measured in a fresh process would not pay that.
 */
export type UploadVariant = 'node-filesystem' | 'node-memory' | 'raw-undici' | 'raw-undici-fresh' | 'transport-fresh';

export interface UploadResult extends RssWindow {
	variant: UploadVariant;
	files: number;
	bytes: number;
	wallMs: number;
	jobStatus: string;
	uploadedFiles: number;
}

interface JobAnswer {
	status: string;
	input_file_ids: string[];
}

const MIME_TYPE = 'application/octet-stream';
// The node's default pipeline, so every client sends the same form fields.
const JOB_NODES: JobNode[] = [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }];
const REQUEST_DATA = JSON.stringify({ job_nodes: JOB_NODES });

let emulator: EmulatorAddress;
let measured: (RssWindow & { wallMs: number }) | undefined;

async function timed<T>(work: () => Promise<T>): Promise<T> {
	const sampler = new RssSampler().start();
	const started = performance.now();
	const result = await work();
	const wallMs = performance.now() - started;
	measured = { ...sampler.stop(), wallMs };
	return result;
}

/** The real node; only its entry point is timed, so storing the inputs beforehand is not counted. */
class MeasuredNode extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await timed(async () => await DocumentProcessing.prototype.execute.call(this));
	}
}

/** What a developer would write with undici alone: a FormData of file-backed Blobs, streamed from disk. */
async function rawUpload(paths: string[]): Promise<JobAnswer> {
	return await timed(async () => {
		const form = new FormData();
		form.append('request_data', REQUEST_DATA);
		for (const [index, path] of paths.entries()) form.append('input_files', await openAsBlob(path, { type: MIME_TYPE }), `file-${index}.bin`);
		const response = await request(`${emulator.url}/api/v1/jobs/`, {
			method: 'POST',
			headers: { accept: 'application/json', 'service-api-key': emulator.apiKey },
			body: form,
		});
		const answer = (await response.body.json()) as JobAnswer;
		if (response.statusCode !== 200) throw new Error(`raw upload answered ${response.statusCode}: ${JSON.stringify(answer)}`);
		return answer;
	});
}

/** The node's own upload path below n8n (api → transport), on file streams, in a process that stored nothing. */
async function transportUpload(paths: string[]): Promise<JobAnswer> {
	const node = actionNode('bench');
	const files = paths.map((path, index) => ({
		itemIndex: 0,
		property: `file${index}`,
		fileName: `file-${index}.bin`,
		mimeType: MIME_TYPE,
		size: statSync(path).size,
		open: async () => createReadStream(path),
	}));
	const job = await timed(async () => await createJob({ node, connection: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl } }, JOB_NODES, files));
	return { status: job.status, input_file_ids: job.input_file_ids ?? [] };
}

/** Not the node: the raw upload, run where the node would run, on the files n8n stored. */
class RawUndiciUpload extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const binaries = Object.values(this.getInputData()[0]?.binary ?? {});
		const paths = await Promise.all(binaries.map(async (binary) => await binaryFilePath(binary)));
		return [[{ json: { ...(await rawUpload(paths)) } }]];
	}
}

async function upload(variant: UploadVariant, files: string[]) {
	const binary: Record<string, HarnessBinary> = {};
	files.forEach((path, index) => {
		// As Read/Write Files from Disk hands a file to n8n: a stream, so no 50 MB buffer is built
		// while the inputs are stored (in default mode n8n reads it into memory itself).
		const stream = createReadStream(path) as unknown as Buffer;
		binary[`file${index}`] = { data: stream, fileName: `file-${index}.bin`, mimeType: MIME_TYPE };
	});
	const result = await executeNode({
		nodeType: variant === 'raw-undici' ? new RawUndiciUpload() : new MeasuredNode(),
		parameters: { resource: 'job', operation: 'create', inputSource: 'allBinary' },
		items: [{ json: {}, binary }],
		credentials: { documentProcessingApi: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl } },
		binaryMode: variant === 'node-memory' ? 'default' : 'filesystem',
	});
	const job = result.output[0]?.[0]?.json as unknown as JobAnswer;
	if (!measured) throw new Error('nothing was measured');
	return { ...measured, jobStatus: job.status, uploadedFiles: job.input_file_ids.length };
}

async function main(): Promise<void> {
	const [variant, dir, address] = process.argv.slice(2) as [UploadVariant, string, string];
	emulator = JSON.parse(address) as EmulatorAddress;
	const files = readdirSync(dir)
		.filter((name) => name.endsWith('.bin'))
		.sort()
		.map((name) => join(dir, name));
	const bytes = files.reduce((sum, path) => sum + statSync(path).size, 0);
	let outcome;
	if (variant === 'raw-undici-fresh' || variant === 'transport-fresh') {
		// References only: a process that never stored anything, uploading the bench's own files.
		const job = variant === 'raw-undici-fresh' ? await rawUpload(files) : await transportUpload(files);
		if (!measured) throw new Error('nothing was measured');
		outcome = { ...measured, jobStatus: job.status, uploadedFiles: job.input_file_ids.length };
	} else outcome = await upload(variant, files);
	await closeAllPools();
	await disposeHarness();
	const result: UploadResult = { variant, files: files.length, bytes, ...outcome };
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

runBench(main);
