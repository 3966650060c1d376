import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { LAUNCH_SPACING_MS } from '../nodes/DocumentProcessing/transport';
import { executeNode, type HarnessItem } from '../test/harness';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { DocumentProcessing } from './lib/node-type';
import { conditions, MB, print, ratio, seconds, table, verdict } from './lib/table';
import { runBench } from './lib/processes';
import { releaseInProcessBench } from './lib/in-process';

/**
 * Job throughput at the service's rate limit: Create Job against the emulator's real rule (a
 * launch accepted less than 1 s after the previous accepted one gets 429 with Retry-After).
 *
 *   npx ts-node --transpile-only bench/job-throughput.ts [--items 30] [--large-batches 3]
 *
 * Small uploads: one job per item. Large uploads: Combine mode, batches of 10 × 5 MB files,
 * followed by one small file (the case that trips the limit when launches are paced from when
 * they were sent rather than from when the service accepted them).
 *
 * The node runs through n8n-core's engine (test/harness); the emulator runs in its own process.
 * Each scenario is timed from the node's execute() starting to its last execution ending, and
 * compared with the floor the rule allows: (launches − 1) × 1 s.
 */

const TARGET = 1.05;

function option(name: string, fallback: number): number {
	const index = process.argv.indexOf(`--${name}`);
	const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
	return Number.isFinite(value) && value > 0 ? value : fallback;
}

const starts: number[] = [];

/** The real node; records when n8n hands it the items, so storing the inputs is not counted. */
class TimedNode extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		starts.push(performance.now());
		return await DocumentProcessing.prototype.execute.call(this);
	}
}

function items(count: number, tag: string): HarnessItem[] {
	return Array.from({ length: count }, (_, index) => ({
		json: { index },
		binary: { data: { data: `# Report ${tag}-${index}\n\nA short report.`, fileName: `report-${tag}-${index}.md`, mimeType: 'text/markdown' } },
	}));
}

const LARGE_FILE = 5 * MB;

/** `batches` × 10 items of one 5 MB file, then one small item: Combine sends `batches` + 1 launches. */
function largeItems(batches: number, tag: string): HarnessItem[] {
	const large = Array.from({ length: batches * 10 }, (_, index) => ({
		json: { index },
		binary: { data: { data: Buffer.alloc(LARGE_FILE, 97 + (index % 26)), fileName: `scan-${tag}-${index}.txt`, mimeType: 'text/plain' } },
	}));
	return [...large, ...items(1, `${tag}-small`)];
}

interface Workload {
	label: string;
	executions: number;
	/** Items of one execution. */
	items: (tag: string) => HarnessItem[];
	combine: boolean;
	/** Launches one execution makes. */
	launches: number;
	/** The floor ratio is a target for small uploads; for large ones the upload time adds to every launch. */
	ratioTarget: boolean;
}

interface Scenario {
	label: string;
	executions: number;
	wallMs: number;
	launches: number;
	jobsCreated: number;
	seen429: number;
	surfaced429: number;
	otherErrors: number;
	closestSpacingMs: number;
	/** Mean time from a launch's arrival at the service to its acceptance (its upload). */
	meanUploadMs: number;
	ratioTarget: boolean;
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);

async function runScenario(emulator: EmulatorProcess, workload: Workload): Promise<Scenario> {
	const { label, executions } = workload;
	await emulator.control('reset', { body: {} });
	// The previous scenario's last launch must be a full spacing behind us.
	await new Promise((done) => setTimeout(done, 1_100));
	starts.length = 0;
	const runs = Array.from({ length: executions }, async (_, execution) => {
		const result = await executeNode({
			nodeType: new TimedNode(),
			parameters: { resource: 'job', operation: 'create', ...(workload.combine ? { options: { batchMode: 'combine' } } : {}) },
			items: workload.items(String(execution)),
			credentials: emulator.credentials,
			// Errors become items instead of stopping the run, so every surfaced one is counted.
			continueOnFail: true,
		});
		return { output: result.output[0] ?? [], endedAt: performance.now() };
	});
	const finished = await Promise.all(runs);
	const wallMs = Math.max(...finished.map((run) => run.endedAt)) - Math.min(...starts);
	const outputs = finished.flatMap((run) => run.output.map((item) => item.json as IDataObject));
	const errors = outputs.filter((json) => json.error !== undefined);
	const posts = (await emulator.requests('/api/v1/jobs')).filter((request) => request.method === 'POST');
	const acceptedPosts = posts.filter((request) => request.status === 200 && request.accepted_at !== undefined);
	const accepted = acceptedPosts.map((request) => Date.parse(request.accepted_at as string)).sort((a, b) => a - b);
	const gaps = accepted.slice(1).map((at, index) => at - (accepted[index] as number));
	return {
		label,
		executions,
		wallMs,
		launches: executions * workload.launches,
		jobsCreated: outputs.filter((json) => typeof json.id === 'string').length,
		seen429: posts.filter((request) => request.status === 429).length,
		surfaced429: errors.filter((json) => json.httpCode === '429').length,
		otherErrors: errors.filter((json) => json.httpCode !== '429').length,
		closestSpacingMs: gaps.length ? Math.min(...gaps) : Number.NaN,
		meanUploadMs: mean(acceptedPosts.map((request) => Date.parse(request.accepted_at as string) - Date.parse(request.received_at))),
		ratioTarget: workload.ratioTarget,
	};
}

async function main(): Promise<void> {
	const perExecution = option('items', 30);
	const largeBatches = option('large-batches', 3);
	// Large files are hashed and counted, not parsed: the bench measures launches, not partitioning.
	const emulator = await startEmulatorProcess({ request_log_limit: 1000, max_parse_bytes: 64 * 1024 });
	try {
		print(`## Job throughput at the 1-second launch limit: Create Job, small and large uploads`);
		print();
		print(
			conditions(
				`emulator in its own process with its real rule (launch_spacing_ms 1000, counted from acceptance); node pacing ${LAUNCH_SPACING_MS} ms after the previous launch's answer`,
			),
		);
		print();
		// Warm-up: loads and compiles the code paths once, outside the figures.
		await executeNode({ nodeType: new TimedNode(), parameters: { resource: 'job', operation: 'create' }, items: items(1, 'warm'), credentials: emulator.credentials });
		const small = (executions: number, label: string): Workload => ({
			label,
			executions,
			items: (tag) => items(perExecution, tag),
			combine: false,
			launches: perExecution,
			ratioTarget: true,
		});
		const large = (executions: number, label: string): Workload => ({
			label,
			executions,
			items: (tag) => largeItems(largeBatches, tag),
			combine: true,
			launches: largeBatches + 1,
			ratioTarget: false,
		});
		const workloads = [
			small(1, `small: 1 execution × ${perExecution} items`),
			small(2, `small: 2 executions at once × ${perExecution} items`),
			large(1, `large: 1 execution, Combine, ${largeBatches} × (10 × 5 MB) + 1 small file`),
			large(2, `large: 2 executions at once, each as above`),
		];
		const scenarios: Scenario[] = [];
		for (const workload of workloads) scenarios.push(await runScenario(emulator, workload));
		const rows = scenarios.map((scenario) => {
			const floorMs = (scenario.launches - 1) * 1000;
			const complete = scenario.surfaced429 === 0 && scenario.jobsCreated === scenario.launches;
			const target = scenario.ratioTarget
				? `≤ ${TARGET}× and 0 surfaced: ${verdict(complete && scenario.wallMs <= TARGET * floorMs)}`
				: `0 429s seen (no upload repeated): ${verdict(complete && scenario.seen429 === 0)}`;
			return [
				scenario.label,
				String(scenario.launches),
				`${scenario.jobsCreated}`,
				seconds(scenario.meanUploadMs, 3),
				seconds(floorMs, 0),
				seconds(scenario.wallMs),
				ratio(scenario.wallMs, floorMs, 3),
				String(scenario.seen429),
				String(scenario.surfaced429),
				String(scenario.otherErrors),
				Number.isFinite(scenario.closestSpacingMs) ? String(scenario.closestSpacingMs) : '–',
				target,
			];
		});
		print(
			table(
				[
					'scenario',
					'launches',
					'jobs created',
					'mean upload s (arrival → acceptance)',
					'floor s',
					'total s',
					'total / floor',
					'429s seen by the transport',
					'429s surfaced',
					'other errors',
					'closest acceptances at the service ms',
					'target',
				],
				rows,
			),
		);
	} finally {
		await releaseInProcessBench(emulator);
	}
}

runBench(main);
