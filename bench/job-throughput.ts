import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { LAUNCH_SPACING_MS } from '../nodes/DocumentProcessing/transport';
import { executeNode, type HarnessItem } from '../test/harness';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { DocumentProcessing } from './lib/node-type';
import { conditions, print, ratio, seconds, table, verdict } from './lib/table';
import { runBench } from './lib/processes';
import { releaseInProcessBench } from './lib/in-process';

/**
 * Job throughput at the service's rate limit: Create Job, one job per item, against the
 * emulator's real rule (launches less than 1 s apart get 429 with Retry-After).
 *
 *   npx ts-node --transpile-only bench/job-throughput.ts [--items 30]
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
}

async function runScenario(emulator: EmulatorProcess, label: string, executions: number, perExecution: number): Promise<Scenario> {
	await emulator.control('reset', { body: {} });
	// The previous scenario's last launch must be a full spacing behind us.
	await new Promise((done) => setTimeout(done, 1_100));
	starts.length = 0;
	const runs = Array.from({ length: executions }, async (_, execution) => {
		const result = await executeNode({
			nodeType: new TimedNode(),
			parameters: { resource: 'job', operation: 'create' },
			items: items(perExecution, String(execution)),
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
	const accepted = posts
		.filter((request) => request.status === 200)
		.map((request) => Date.parse(request.received_at))
		.sort((a, b) => a - b);
	const gaps = accepted.slice(1).map((at, index) => at - (accepted[index] as number));
	return {
		label,
		executions,
		wallMs,
		launches: executions * perExecution,
		jobsCreated: outputs.filter((json) => typeof json.id === 'string').length,
		seen429: posts.filter((request) => request.status === 429).length,
		surfaced429: errors.filter((json) => json.httpCode === '429').length,
		otherErrors: errors.filter((json) => json.httpCode !== '429').length,
		closestSpacingMs: gaps.length ? Math.min(...gaps) : Number.NaN,
	};
}

async function main(): Promise<void> {
	const perExecution = option('items', 30);
	const emulator = await startEmulatorProcess({ request_log_limit: 1000 });
	try {
		print(`## Job throughput at the 1-second launch limit: Create Job, one job per item`);
		print();
		print(conditions(`emulator in its own process with its real rule (launch_spacing_ms 1000); node pacing ${LAUNCH_SPACING_MS} ms`));
		print();
		// Warm-up: loads and compiles the code paths once, outside the figures.
		await executeNode({ nodeType: new TimedNode(), parameters: { resource: 'job', operation: 'create' }, items: items(1, 'warm'), credentials: emulator.credentials });
		const scenarios = [
			await runScenario(emulator, `1 execution × ${perExecution} items`, 1, perExecution),
			await runScenario(emulator, `2 executions at once × ${perExecution} items`, 2, perExecution),
		];
		const rows = scenarios.map((scenario) => {
			const floorMs = (scenario.launches - 1) * 1000;
			const ok = scenario.wallMs <= TARGET * floorMs && scenario.surfaced429 === 0 && scenario.jobsCreated === scenario.launches;
			return [
				scenario.label,
				String(scenario.launches),
				`${scenario.jobsCreated}`,
				seconds(floorMs, 0),
				seconds(scenario.wallMs),
				ratio(scenario.wallMs, floorMs, 3),
				String(scenario.seen429),
				String(scenario.surfaced429),
				String(scenario.otherErrors),
				Number.isFinite(scenario.closestSpacingMs) ? String(scenario.closestSpacingMs) : '–',
				`≤ ${TARGET}× and 0 surfaced: ${verdict(ok)}`,
			];
		});
		print(
			table(
				['scenario', 'launches', 'jobs created', 'floor s', 'total s', 'total / floor', '429s seen by the transport', '429s surfaced', 'other errors', 'closest launches at the service ms', 'target'],
				rows,
			),
		);
	} finally {
		await releaseInProcessBench(emulator);
	}
}

runBench(main);
