/**
 * Queue mode (issue 14), `npm run bench:queue`: the package on n8n 2.40.7 with Redis, Postgres,
 * main + 2 workers + webhook process (test/queue/lib/cluster.ts), against the emulator with its
 * real one-launch-per-second rule. Prints one table:
 * - 30 jobs from 3 executions at once (Process Files, 10 files each, one job per item) spread over
 *   both workers: launch rate against the 1 job/s floor, 429 answers, re-uploaded bytes;
 * - 200 signed trigger deliveries through the webhook process: deliveries/s end to end (first
 *   delivery sent → last execution stopped on a worker).
 *
 *   npm run bench:queue [-- --file-kb 256]
 */
import * as http from 'node:http';
import { startEmulator } from '../test/emulator';
import { startQueueCluster } from '../test/queue/lib/cluster';
import { importEmulatorCredential, runProcessFiles, runTriggerDeliveries } from '../test/queue/lib/scenarios';
import { QUEUE_TEST_ENV } from '../test/queue/lib/settings';
import { conditions, print, ratio, seconds, table, verdict } from './lib/table';

const flag = (name: string, fallback: number): number => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(process.argv[index + 1]);
};

async function main(): Promise<void> {
	const fileKb = flag('file-kb', 256);
	const startedAt = conditions(`n8n 2.40.7 queue mode, 2 workers (concurrency 2) + webhook process; files of ${fileKb} KB`);
	const emulator = await startEmulator({ port: 0, apiKey: `bench-queue-${process.pid}` });
	const cluster = await startQueueCluster({ label: 'bench-queue', env: QUEUE_TEST_ENV });
	const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
	try {
		const credential = await importEmulatorCredential(cluster, emulator);
		const jobs = await runProcessFiles(cluster, emulator, credential, { executions: 3, files: 10, fileBytes: fileKb * 1024 });
		const trigger = await runTriggerDeliveries(cluster, emulator, credential, { deliveries: 200, concurrency: 10, agent });
		const rate = jobs.jobs > 1 ? (jobs.jobs - 1) / (jobs.launchSpanMs / 1000) : 0;
		const slowdown = jobs.floorMs > 0 ? jobs.launchSpanMs / jobs.floorMs : Number.NaN;
		print(startedAt);
		print();
		print(
			table(
				['figure', 'value', 'goal'],
				[
					['executions (status), per worker', `${jobs.statuses.join(', ')}; ${jobs.perWorker.join(' + ')}`, 'all success, both workers'],
					['jobs launched', String(jobs.jobs), '30'],
					['first → last accepted launch', `${seconds(jobs.launchSpanMs, 1)} s (floor ${seconds(jobs.floorMs, 0)} s)`, ''],
					['launch rate', `${rate.toFixed(2)} jobs/s`, '≥ 0.77 jobs/s'],
					['time against the 1 job/s floor', ratio(jobs.launchSpanMs, jobs.floorMs), `≤ 1.30× (${verdict(slowdown <= 1.3)})`],
					['429 answers seen', String(jobs.rateLimited), 'few'],
					['re-uploaded bytes (429ed launches)', `${(jobs.reuploadedBytes / 1024 / 1024).toFixed(2)} MB of ${(jobs.uploadedBytes / 1024 / 1024).toFixed(1)} MB sent`, ''],
					['30-job case, first request → last execution ended', `${seconds(jobs.elapsedMs, 1)} s`, ''],
					['trigger: deliveries → executions', `${trigger.originals.filter((a) => a.status === 200).length} → ${trigger.executions}`, '200 → 200'],
					['trigger: deliveries/s end to end', `${(200 / (trigger.endToEndMs / 1000)).toFixed(1)} /s (${seconds(trigger.endToEndMs, 1)} s)`, ''],
				],
			),
		);
	} finally {
		agent.destroy();
		await cluster.close();
		await emulator.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
