/**
 * A nightly batch of 1,000 files at the service's documented limits (issue 44), `npm run
 * bench:nightly`: the packed package in a real n8n 2.40.7, the emulator on loopback with 10 files
 * per job, 5 running jobs, one launch per second and 3 s per job; Process Files (items combined
 * into jobs of 10, outputs as one item per file) with its default pacing, once in pause mode and
 * once in poll mode, in one run. Prints one table:
 * - wall / floor: the execution's start → stop over the floor, the last launch at (jobs − 1) s
 *   plus one job's time;
 * - n8n peak RSS growth per file (the n8n process, sampled every 100 ms, over its RSS before the run);
 * - service requests per job (the emulator's log);
 * - time parked (the execution's status `waiting`, sampled every 250 ms) and times it parked;
 * - files lost or duplicated (each file's output item counted by its input file name).
 *
 *   npm run bench:nightly [-- --files 1000 --job-seconds 3]
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../test/emulator';
import { listExecutions, readExecution } from '../test/e2e/lib/executions';
import { emulatorCredentialData, startRun } from '../test/e2e/lib/pause';
import { setupN8nE2e, type E2eN8n } from '../test/e2e/lib/setup';
import { processMemoryBytes } from '../test/e2e/lib/process-memory';
import { userFolderPaths } from '../test/e2e/lib/user-folder';
import { loadWorkflow, maxExecutionId, nodeOutputJson } from '../test/e2e/n8n';
import { samplePdf } from '../test/integration/support/pdfs';
import { conditions, mb, print, ratio, seconds, table, verdict } from './lib/table';

const flag = (name: string, fallback: number): number => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const sleep = async (ms: number): Promise<void> => await new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
	wallMs: number;
	rssGrowth: number;
	requests: number;
	parkedMs: number;
	parks: number;
	lost: number;
	duplicated: number;
	status: string;
}

async function requestCount(emulator: RunningEmulator): Promise<number> {
	const { requests } = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { requests: unknown[] };
	return requests.length;
}

async function oneRun(n8n: E2eN8n, emulator: RunningEmulator, flow: { id: string; path: string }, glob: string, names: string[]): Promise<Figures> {
	const before = await maxExecutionId(n8n.userFolder);
	const requestsBefore = await requestCount(emulator);
	const baseline = processMemoryBytes(n8n.n8n.pid, 'VmRSS', 0);
	let peak = baseline;
	const sampler = setInterval(() => (peak = Math.max(peak, processMemoryBytes(n8n.n8n.pid, 'VmRSS', 0))), 100);
	await startRun(n8n.n8n.url, flow.path, glob);
	let parkedMs = 0;
	let parks = 0;
	let wasWaiting = false;
	let last = Date.now();
	let done: { id: string; status: string } | undefined;
	while (!done) {
		await sleep(250);
		const [row] = await listExecutions(n8n.userFolder, { workflowId: flow.id, afterId: before });
		const now = Date.now();
		if (row?.status === 'waiting') {
			if (!wasWaiting) parks++;
			parkedMs += wasWaiting ? now - last : 0;
		}
		wasWaiting = row?.status === 'waiting';
		last = now;
		if (row && !['new', 'running', 'waiting'].includes(row.status)) done = { id: String(row.id), status: row.status };
	}
	clearInterval(sampler);
	const execution = await readExecution(n8n.userFolder, done.id);
	const wallMs = Date.parse(String(execution?.stoppedAt)) - Date.parse(String(execution?.startedAt));
	const seen = new Map<string, number>();
	for (const item of nodeOutputJson(execution?.data, 'After')) seen.set(String(item.input_file_name), (seen.get(String(item.input_file_name)) ?? 0) + 1);
	return {
		wallMs,
		rssGrowth: peak - baseline,
		requests: (await requestCount(emulator)) - requestsBefore,
		parkedMs,
		parks,
		lost: names.filter((name) => !seen.has(name)).length,
		duplicated: [...seen.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0),
		status: done.status,
	};
}

async function main(): Promise<void> {
	const files = flag('files', 1000);
	const jobMs = flag('job-seconds', 3) * 1000;
	const jobs = Math.ceil(files / 10);
	const floorMs = (jobs - 1) * 1000 + jobMs;
	const startedAt = conditions(`n8n 2.40.7 (regular mode, SQLite), emulator on loopback: ${files} distinct PDFs of 20–50 KB, 10 per job, 5 running, 1 launch/s, ${jobMs / 1000} s per job`);
	const emulator = await startEmulator({
		port: 0,
		apiKey: `bench-nightly-${process.pid}`,
		config: { job_duration_ms: jobMs, schedule_delay_ms: 0, max_running_jobs: 5, launch_spacing_ms: 1000, webhook_timeout_ms: 30_000 },
	});
	// Distinct PDFs of 20–50 KB as in the runs: two pages of text and a scan-like image.
	const names = Array.from({ length: files }, (_, index) => `doc-${String(index).padStart(4, '0')}.pdf`);
	const pdfs = await Promise.all(names.map(async (_, index) => await samplePdf({ pages: 2, imageBytesPerPage: 9_000 + ((index * 7919) % 14_000), seed: index + 1 })));
	const sizes = pdfs.map((pdf) => pdf.length);
	print(`PDF sizes: ${Math.round(Math.min(...sizes) / 1024)}–${Math.round(Math.max(...sizes) / 1024)} KB`);
	const figures: Record<'pause' | 'poll', Figures> = {} as Record<'pause' | 'poll', Figures>;
	try {
		// Each mode in an n8n of its own: a process's RSS does not shrink after a peak, so a second
		// run in the same n8n would start from the first one's high-water mark.
		for (const mode of ['pause', 'poll'] as const) figures[mode] = await modeRun(mode, emulator, names, pdfs);
		const { pause, poll } = figures;
		print(startedAt);
		print();
		print(
			table(
				['', 'pause', 'poll', 'goal'],
				[
					['execution status', pause.status, poll.status, 'success'],
					[`wall (floor ${seconds(floorMs, 0)} s)`, `${seconds(pause.wallMs, 1)} s`, `${seconds(poll.wallMs, 1)} s`, ''],
					['wall / floor', ratio(pause.wallMs, floorMs), ratio(poll.wallMs, floorMs), `≤ 1.15 (${verdict(pause.wallMs <= 1.15 * floorMs && poll.wallMs <= 1.15 * floorMs)})`],
					['n8n peak RSS growth, per file', `${mb(pause.rssGrowth)} MiB, ${mb(pause.rssGrowth / files, 3)}`, `${mb(poll.rssGrowth)} MiB, ${mb(poll.rssGrowth / files, 3)}`, `≤ 0.25 MiB/file (${verdict(Math.max(pause.rssGrowth, poll.rssGrowth) / files <= 0.25 * 1024 * 1024)})`],
					['service requests per job', (pause.requests / jobs).toFixed(1), (poll.requests / jobs).toFixed(1), ''],
					['time parked (times parked)', `${seconds(pause.parkedMs, 1)} s (${pause.parks})`, `${seconds(poll.parkedMs, 1)} s (${poll.parks})`, `pause parks once (${verdict(pause.parks === 1)})`],
					['files lost / duplicated', `${pause.lost} / ${pause.duplicated}`, `${poll.lost} / ${poll.duplicated}`, `0 / 0 (${verdict(pause.lost + pause.duplicated + poll.lost + poll.duplicated === 0)})`],
				],
			),
		);
	} finally {
		await emulator.close();
	}
}

async function modeRun(mode: 'pause' | 'poll', emulator: RunningEmulator, names: string[], pdfs: Buffer[]): Promise<Figures> {
	const n8n = await setupN8nE2e({ label: `bench-nightly-${mode}` });
	try {
		const credential = await n8n.importCredential({ name: 'Bench nightly (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, emulator.apiKey) });
		const dir = path.join(userFolderPaths(n8n.userFolder).filesDir, 'bench-nightly');
		fs.mkdirSync(dir, { recursive: true });
		for (const [index, name] of names.entries()) fs.writeFileSync(path.join(dir, name), pdfs[index]);
		const flow = { id: '', path: `bench-nightly-${mode}-${randomUUID().slice(0, 8)}` };
		const workflow = loadWorkflow('pause-batch.json', {
			WEBHOOK_ID: randomUUID(),
			WEBHOOK_PATH: flow.path,
			WAIT_MODE: mode,
			SPACING_SECONDS: 1,
			RUNS_AT_ONCE: 0,
			CREDENTIAL_ID: credential.id,
			CREDENTIAL_NAME: credential.name,
		});
		flow.id = await n8n.importWorkflow(workflow);
		await n8n.publish(flow.id);
		return await oneRun(n8n, emulator, flow, path.join(dir, '*.pdf'), names);
	} finally {
		await n8n.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
