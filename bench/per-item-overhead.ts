import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { FormData, request } from 'undici';
import { ITEM_CONCURRENCY } from '../nodes/DocumentProcessing/helpers/items';
import { executeNode, type HarnessItem } from '../test/harness';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { DocumentProcessing } from './lib/node-type';
import { conditions, median, print, ratio, table, verdict } from './lib/table';
import { numberOption, runBench } from './lib/processes';
import { releaseInProcessBench } from './lib/in-process';

/**
 * Per-item overhead: Get Job over 1000 items through n8n-core (test/harness) against the
 * emulator, next to 1000 raw undici GETs of the same jobs at the same concurrency (the node's
 * ITEM_CONCURRENCY), each answer parsed as JSON.
 *
 *   npx ts-node --transpile-only bench/per-item-overhead.ts [--items 1000] [--runs 15]
 *
 * The node is measured twice: with the Job ID as a fixed parameter value (the node's own cost:
 * parameter, credential, request, zod check, paired items) and as the expression
 * `{{ $json.jobId }}` (adds n8n's expression evaluation per item, as most workflows have it).
 * Each has the node's execute() alone and the whole n8n execution around it (what a user waits
 * for). Runs alternate between the clients after one warm-up each; figures are medians. The
 * emulator runs in its own process.
 */

const TARGET = 1.3;
const JOBS = 10;

const option = numberOption;

interface Sample {
	wallMs: number;
	cpuMs: number;
}

let executeSample: Sample = { wallMs: 0, cpuMs: 0 };

async function sample(work: () => Promise<unknown>): Promise<Sample> {
	const cpu = process.cpuUsage();
	const started = performance.now();
	await work();
	const wallMs = performance.now() - started;
	const used = process.cpuUsage(cpu);
	return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

class TimedNode extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		let output: INodeExecutionData[][] = [];
		executeSample = await sample(async () => (output = await DocumentProcessing.prototype.execute.call(this)));
		return output;
	}
}

async function createJobs(emulator: EmulatorProcess): Promise<string[]> {
	const ids: string[] = [];
	for (let index = 0; index < JOBS; index++) {
		const form = new FormData();
		form.append('request_data', JSON.stringify({ job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }] }));
		form.append('input_files', new Blob([`# Report ${index}\n\nText.`], { type: 'text/markdown' }), `report-${index}.md`);
		const response = await request(`${emulator.url}/api/v1/jobs/`, { method: 'POST', headers: { 'service-api-key': emulator.apiKey }, body: form });
		ids.push(((await response.body.json()) as { id: string }).id);
	}
	return ids;
}

/** Get Job over the items; `jobId` is the parameter as saved (a fixed ID, or an expression). */
async function runNode(emulator: EmulatorProcess, items: HarnessItem[], jobId: string): Promise<{ whole: Sample; execute: Sample }> {
	let output: INodeExecutionData[] = [];
	const whole = await sample(async () => {
		const result = await executeNode({ nodeType: new TimedNode(), parameters: { resource: 'job', operation: 'get', jobId }, items, credentials: emulator.credentials });
		output = result.output[0] ?? [];
	});
	if (output.length !== items.length || output.some((item) => typeof item.json.status !== 'string')) throw new Error('Get Job did not return every job');
	return { whole, execute: executeSample };
}

async function runRaw(emulator: EmulatorProcess, ids: string[], count: number): Promise<Sample> {
	return await sample(async () => {
		let next = 0;
		const lanes = Array.from({ length: ITEM_CONCURRENCY }, async () => {
			while (next < count) {
				const index = next++;
				const response = await request(`${emulator.url}/api/v1/jobs/${ids[index % ids.length]}`, {
					headers: { accept: 'application/json', 'service-api-key': emulator.apiKey },
				});
				const job = (await response.body.json()) as { status?: unknown };
				if (response.statusCode !== 200 || typeof job.status !== 'string') throw new Error(`raw GET answered ${response.statusCode}`);
			}
		});
		await Promise.all(lanes);
	});
}

async function main(): Promise<void> {
	const count = option('items', 1000);
	const runs = option('runs', 15);
	const emulator = await startEmulatorProcess({ launch_spacing_ms: 0, request_log_limit: 100 });
	try {
		print(`## Per-item overhead: Get Job over ${count} items`);
		print();
		print(conditions(`concurrency ${ITEM_CONCURRENCY} for both clients; median of ${runs} alternating run(s) after a warm-up; emulator in its own process; client CPU = process.cpuUsage() over the run`));
		print();
		const ids = await createJobs(emulator);
		// The same job for every item when the ID is fixed; one of ten, chosen per item, by expression.
		const fixed = ids[0] as string;
		const fixedItems: HarnessItem[] = Array.from({ length: count }, () => ({ json: { jobId: fixed } }));
		const mixedItems: HarnessItem[] = Array.from({ length: count }, (_, index) => ({ json: { jobId: ids[index % ids.length] } }));
		const EXPRESSION = '={{ $json.jobId }}';
		await runNode(emulator, fixedItems, fixed);
		await runNode(emulator, mixedItems, EXPRESSION);
		await runRaw(emulator, ids, count);
		const fixedRuns: Array<{ whole: Sample; execute: Sample }> = [];
		const expressionRuns: Array<{ whole: Sample; execute: Sample }> = [];
		const rawRuns: Sample[] = [];
		for (let run = 0; run < runs; run++) {
			// Alternating, so a busy moment of the machine hits every client alike.
			fixedRuns.push(await runNode(emulator, fixedItems, fixed));
			rawRuns.push(await runRaw(emulator, ids, count));
			expressionRuns.push(await runNode(emulator, mixedItems, EXPRESSION));
		}
		const raw = { wallMs: median(rawRuns.map((run) => run.wallMs)), cpuMs: median(rawRuns.map((run) => run.cpuMs)) };
		const summary = (list: Sample[]) => ({ wallMs: median(list.map((run) => run.wallMs)), cpuMs: median(list.map((run) => run.cpuMs)) });
		const perItem = (ms: number) => `${((ms / count) * 1000).toFixed(0)} µs`;
		const row = (label: string, figures: Sample, target: boolean) => [
			label,
			figures.wallMs.toFixed(0),
			perItem(figures.wallMs),
			perItem(figures.cpuMs),
			ratio(figures.wallMs, raw.wallMs),
			target ? `≤ ${TARGET}×: ${verdict(figures.wallMs <= TARGET * raw.wallMs)}` : '',
		];
		print(
			table(
				['client', 'total ms', 'per item', 'client CPU per item', 'vs raw undici', 'target'],
				[
					row('raw undici GETs + JSON.parse', raw, false),
					row('this node, execute(): Job ID fixed', summary(fixedRuns.map((run) => run.execute)), true),
					row('this node, execute(): Job ID = {{ $json.jobId }}', summary(expressionRuns.map((run) => run.execute)), true),
					row('whole n8n execution, Job ID fixed', summary(fixedRuns.map((run) => run.whole)), false),
					row('whole n8n execution, Job ID = {{ $json.jobId }}', summary(expressionRuns.map((run) => run.whole)), false),
				],
			),
		);
		print();
		print(
			`Runs, wall ms — raw: ${rawRuns.map((run) => run.wallMs.toFixed(0)).join(', ')}; fixed ID: ${fixedRuns.map((run) => run.execute.wallMs.toFixed(0)).join(', ')}; expression: ${expressionRuns.map((run) => run.execute.wallMs.toFixed(0)).join(', ')}`,
		);
	} finally {
		await releaseInProcessBench(emulator);
	}
}

runBench(main);
