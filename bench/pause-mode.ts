/**
 * Pause mode against poll mode (issue 23), `npm run bench:pause`: the packed package in a real
 * n8n 2.40.7 with the emulator on loopback. The bench ends each job itself after `--job-seconds`,
 * so the job's end is known to the millisecond. Prints one table:
 * - n8n seconds held: how long the execution occupies an n8n process (a queue-mode worker slot)
 *   for a job of that length, and for a one-hour job (poll: the measured overhead plus the hour;
 *   pause: the same as measured, it does not grow with the job). Poll: start → stop. Pause:
 *   start → the node's last service call before it parks, plus the resumed run (start → stop);
 * - continuation latency: the job's end → the next node's start (pause: the service's event, the
 *   resume webhook, the outputs' download; poll: up to one poll interval);
 * - N executions parked at once in one workspace (each on its own pause workflow's channel; see
 *   test/e2e/lib/pause-parked.ts), then the same with a trigger's workspace channel present.
 *
 *   npm run bench:pause [-- --job-seconds 20 --parked 50 --end-spacing-ms 200]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../test/emulator';
import { randomUUID } from 'node:crypto';
import { readExecution } from '../test/e2e/lib/executions';
import { emulatorCredentialData, finishJob, jobIds, newJobIds, pauseWorkflow, startRun } from '../test/e2e/lib/pause';
import { setupN8nE2e, type E2eN8n } from '../test/e2e/lib/setup';
import { userFolderPaths } from '../test/e2e/lib/user-folder';
import { loadWorkflow, maxExecutionId, waitForExecutions } from '../test/e2e/n8n';
import { afterStart, type ParkedFigures, parkedRuns } from '../test/e2e/lib/pause-parked';
import { conditions, median, print, seconds, table, verdict } from './lib/table';

const flag = (name: string, fallback: number): number => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const sleep = async (ms: number): Promise<void> => await new Promise((resolve) => setTimeout(resolve, ms));
const at = (text: string | null | undefined): number => (text ? Date.parse(text) : Number.NaN);

interface Measured {
	heldMs: number;
	latencyMs: number;
}

/** Time of the last service request the node made for this job before `until` (the pause's last call). */
async function lastRequestBefore(emulator: RunningEmulator, until: number): Promise<number> {
	const { requests } = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { requests: Array<{ received_at: string }> };
	return Math.max(...requests.map((request) => at(request.received_at)).filter((time) => time < until));
}

async function oneRun(n8n: E2eN8n, emulator: RunningEmulator, workflowId: string, webhookPath: string, glob: string, jobMs: number, pause: boolean): Promise<Measured> {
	const before = await maxExecutionId(n8n.userFolder);
	const known = jobIds(emulator);
	await startRun(n8n.n8n.url, webhookPath, glob);
	while (newJobIds(emulator, known).length === 0) await sleep(20);
	const [jobId] = newJobIds(emulator, known);
	await sleep(jobMs);
	const jobEnd = Date.now();
	await finishJob(emulator, jobId);
	const [done] = await waitForExecutions(n8n.userFolder, { workflowId, afterId: before, count: 1, timeoutMs: jobMs + 120_000 });
	const execution = (await readExecution(n8n.userFolder, done.id)) ?? done;
	const stopped = at(execution.stoppedAt);
	const started = at(execution.startedAt);
	if (!pause) return { heldMs: stopped - started, latencyMs: afterStart(execution) - jobEnd };
	// The resumed run starts with the node's last run; before it, the execution held nothing.
	const resumedAt = Number(execution.data?.resultData.runData['Process Files']?.[0]?.startTime);
	const parkedAt = await lastRequestBefore(emulator, jobEnd);
	return { heldMs: parkedAt - started + (stopped - resumedAt), latencyMs: afterStart(execution) - jobEnd };
}

async function main(): Promise<void> {
	const jobMs = flag('job-seconds', 20) * 1000;
	const parked = flag('parked', 50);
	const endSpacingMs = flag('end-spacing-ms', 200);
	const startedAt = conditions(`n8n 2.40.7 (regular mode, SQLite), emulator on loopback; jobs of ${jobMs / 1000} s, ${parked} parked, their jobs ended ${endSpacingMs} ms apart`);
	const emulator = await startEmulator({ port: 0, apiKey: `bench-pause-${process.pid}`, config: { job_duration_ms: 3_600_000, schedule_delay_ms: 0, max_running_jobs: Math.max(5, parked) } });
	const n8n = await setupN8nE2e({ label: 'bench-pause' });
	try {
		const credential = await n8n.importCredential({ name: 'Bench (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, emulator.apiKey) });
		const dir = path.join(userFolderPaths(n8n.userFolder).filesDir, 'bench-pause');
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(path.join(dir, 'report.md'), '# Report\n\nA paragraph.\n\n## Part\n\nAnother one.\n');
		const glob = path.join(dir, '*.md');
		const flows = { poll: pauseWorkflow({ waitMode: 'poll', credential }), pause: pauseWorkflow({ waitMode: 'pause', credential }) };
		const ids = { poll: await n8n.importWorkflow(flows.poll.workflow), pause: await n8n.importWorkflow(flows.pause.workflow) };
		for (const id of Object.values(ids)) await n8n.publish(id);

		const poll = await oneRun(n8n, emulator, ids.poll, flows.poll.path, glob, jobMs, false);
		const pause = await oneRun(n8n, emulator, ids.pause, flows.pause.path, glob, jobMs, true);
		const flow = { id: ids.pause, path: flows.pause.path, glob };
		const many = await parkedRuns(n8n, emulator, flow, parked, endSpacingMs);
		// A trigger in the same workspace: its channel hears every job's end (workspace scope).
		const trigger = loadWorkflow('trigger-job-events.json', { WEBHOOK_ID: randomUUID(), CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name });
		const event = trigger.nodes.find((node) => node.name === 'Job Event');
		if (event) event.parameters = { scope: 'workspace', events: ['job.completed', 'job.failed', 'job.stopped'], options: {} };
		await n8n.publish(await n8n.importWorkflow(trigger));
		const withTrigger = await parkedRuns(n8n, emulator, flow, parked, endSpacingMs);
		// Poll mode holds n8n for the whole job, so its time scales with the job's length; pause mode
		// holds it only to launch and to finish, the same for a 20-second job as for an hour-long one.
		const HOUR_MS = 3_600_000;
		const pollPerHour = poll.heldMs - jobMs + HOUR_MS;
		print(startedAt);
		print();
		print(
			table(
				['figure', 'poll', 'pause', 'goal'],
				[
					[`n8n time held for one ${jobMs / 1000} s job`, `${seconds(poll.heldMs)} s`, `${seconds(pause.heldMs)} s`, ''],
					['worker-slot seconds for a one-hour job', `${seconds(pollPerHour, 0)} s`, `${seconds(pause.heldMs)} s`, `pause ≪ poll (${verdict(pause.heldMs * 100 < pollPerHour)})`],
					['job end → next node starts', `${seconds(poll.latencyMs)} s`, `${seconds(pause.latencyMs)} s`, `pause < 2 s (${verdict(pause.latencyMs < 2000)})`],
					...parkedRows(`${parked} parked`, many),
					...parkedRows(`${parked} parked + a trigger`, withTrigger),
				],
			),
		);
	} finally {
		await n8n.close();
		await emulator.close();
	}
}

function parkedRows(label: string, figures: ParkedFigures): string[][] {
	const ends = figures.jobEnds;
	const perEnd = (count: number): string => (ends > 0 ? (count / ends).toFixed(2) : '–');
	const median_ = median(figures.latencies);
	const max = Math.max(...figures.latencies);
	return [
		[`${label}: ended (statuses), still waiting, executions, next node not run once`, '', `${summarize(figures.statuses)}; ${figures.lost}; ${figures.executions}; ${figures.notOnce}`, `${ends} success, 0, ${ends}, 0 (${verdict(figures.lost === 0 && figures.executions === ends && figures.notOnce === 0 && figures.statuses.every((status) => status === 'success'))})`],
		[`${label}: deliveries per job end, to pause channels / others`, '', `${perEnd(figures.toPauseChannels)} / ${perEnd(figures.toOtherChannels)} (${figures.notOk} not 200)`, `1 / channels in the workspace (${verdict(figures.toPauseChannels === ends)})`],
		[`${label}: job end → next node, median / max`, '', `${seconds(median_)} / ${seconds(max)} s`, `≤ 5 / ≤ 15 s (${verdict(median_ <= 5000 && max <= 15_000)})`],
	];
}

function summarize(statuses: string[]): string {
	const counts = new Map<string, number>();
	for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
	return [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
