import { FormData, request } from 'undici';
import { closeAllPools } from '../nodes/DocumentProcessing/transport';
import { disposeHarness } from '../test/harness';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { numberOption, runBench } from './lib/processes';
import { collectGarbage } from './lib/rss';
import { activeResources, deliverOnce, deliveryTarget, inParallel, processFilesOnce } from './lib/soak-work';
import { conditions, mb as megabytes, print, table, verdict } from './lib/table';

/**
 * Soak: one process running n8n's execution engine (n8n-core, test/harness) does 1,000 executions
 * of Process Files (3 files per execution, the second failed by the service, so the partial-failure
 * path runs every time) and 1,000 signed trigger deliveries in the documented body (Download
 * Outputs on: job record, outputs and failed files each time). Its RSS after a warm-up round must
 * grow by less than 10 %, and no socket or timer may be left behind.
 *
 *   node --expose-gc -r ts-node/register/transpile-only bench/soak.ts [--rounds 10] [--per-round 100]
 *
 * The service allows one job launch per second per account endpoint, which the node honours, so
 * the executions are spread over 10 emulators on 127.0.0.2 … 127.0.0.11 (each its own endpoint,
 * in processes of their own, as the real service is another machine). Memory is read after a full
 * collection at the end of every round.
 */

const ENDPOINTS = 10;
const LIMIT = 0.1;

const option = numberOption;


async function completedJob(emulator: EmulatorProcess): Promise<{ id: string; workflow_id: string }> {
	const form = new FormData();
	form.append('request_data', JSON.stringify({ job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }] }));
	for (const name of ['alpha.md', 'broken.md', 'gamma.md']) form.append('input_files', new Blob([`# ${name}\n\nText.`], { type: 'text/markdown' }), name);
	const headers = { 'service-api-key': emulator.apiKey };
	const created = (await (await request(`${emulator.url}/api/v1/jobs/`, { method: 'POST', headers, body: form })).body.json()) as { id: string; workflow_id: string };
	for (;;) {
		const job = (await (await request(`${emulator.url}/api/v1/jobs/${created.id}`, { headers })).body.json()) as { status: string };
		if (job.status === 'COMPLETED') return created;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

function settledResources(): Record<string, number> {
	const counts = activeResources();
	return { sockets: counts.TCPSocketWrap ?? 0, timers: counts.Timeout ?? 0 };
}

async function main(): Promise<void> {
	const rounds = option('rounds', 10);
	const perRound = option('per-round', 100);
	// Each emulator child registers an exit hook on this process.
	process.setMaxListeners(ENDPOINTS + 10);
	const config = { schedule_delay_ms: 5, job_duration_ms: 20, failing_file_pattern: 'broken' };
	const emulators = await Promise.all(Array.from({ length: ENDPOINTS }, (_, index) => startEmulatorProcess(config, `127.0.0.${index + 2}`)));
	try {
		const job = await completedJob(emulators[0]);
		const target = await deliveryTarget(emulators[0], job.id, job.workflow_id);
		const rows: string[][] = [];
		let baseline = 0;
		let afterWarmUp: Record<string, number> = {};
		let executions = 0;
		const grown: number[] = [];
		const started = Date.now();
		for (let round = 1; round <= rounds; round++) {
			const offset = (round - 1) * perRound;
			await inParallel(perRound, ENDPOINTS, async (index) => await processFilesOnce(emulators[(offset + index) % ENDPOINTS], offset + index));
			await inParallel(perRound, 10, async (index) => await deliverOnce(target, offset + index));
			executions += perRound;
			collectGarbage();
			const { rss, heapUsed } = process.memoryUsage();
			const resources = settledResources();
			if (round === 1) {
				baseline = rss;
				afterWarmUp = resources;
			} else grown.push((rss - baseline) / baseline);
			rows.push([String(round), String(executions), String(executions), `${megabytes(rss, 1)} MB`, `${megabytes(heapUsed, 1)} MB`, round === 1 ? 'baseline (warm-up)' : `${(((rss - baseline) / baseline) * 100).toFixed(1)} %`, String(resources.sockets), String(resources.timers)]);
		}
		// The largest growth any round after the warm-up showed, each read after a full collection.
		const growth = Math.max(0, ...grown);
		const after = settledResources();
		await target.hook.deactivate();
		await closeAllPools();
		// Give closed sockets a turn of the event loop to go away.
		await new Promise((resolve) => setTimeout(resolve, 200));
		const closed = settledResources();
		print(`Soak: ${executions} Process Files executions and ${executions} trigger deliveries in one process (${((Date.now() - started) / 1000).toFixed(0)} s) — ${conditions()}`);
		print(table(['round', 'Process Files runs', 'deliveries', 'RSS after GC', 'heap used', 'RSS vs warm-up', 'sockets', 'timers'], rows));
		const noLeftovers = after.sockets <= Math.max(afterWarmUp.sockets, ENDPOINTS * 2) && after.timers <= afterWarmUp.timers && closed.sockets === 0;
		print(`Open handles after the last round: ${after.sockets} sockets (pooled keep-alive connections, at most a few per endpoint), ${after.timers} timers; after closing the pools: ${closed.sockets} sockets, ${closed.timers} timers.`);
		print(`Largest RSS growth after warm-up: ${(growth * 100).toFixed(1)} % (goal < ${LIMIT * 100} %): ${verdict(growth < LIMIT)}; no socket or timer left behind: ${verdict(noLeftovers)}`);
		if (growth >= LIMIT || !noLeftovers) process.exitCode = 1;
	} finally {
		await disposeHarness();
		await Promise.all(emulators.map(async (emulator) => await emulator.stop()));
	}
}

runBench(main);
