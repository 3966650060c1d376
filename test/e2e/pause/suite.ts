/**
 * Wait Mode › Pause Execution Until the Job Ends, in a real n8n (issues 23, 34): Process Files
 * runs the job in a workflow of the pause's own, registers a signed channel scoped to it whose URL
 * is the execution's resume URL and parks the execution; nothing polls while it waits. A forged
 * call leaves it waiting and another job's events never reach it; the job's own event resumes it
 * with the same items the poll mode gives, and the pause's workflow and channel are deleted.
 * A job that ended before the channel existed resumes at once; the time limit gives the poll
 * mode's error, never the unchanged input, and under continue on fail the poll mode's error items,
 * one per job. Run on n8n 2.40.7 (e2e) and on the 1.x leg (compat).
 *
 * Both time-limited runs park in `beforeAll` and are checked last: only n8n's wait tracker ends
 * them, and it looks for due executions once a minute, so their wait overlaps the other tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { postForgedDelivery } from '../lib/forged-delivery';
import {
	emulatorCredentialData,
	executionsWithStatus,
	finishJob,
	jobIds,
	jobPolls,
	newJobIds,
	pauseChannelOf,
	pauseWorkflow,
	startRun,
	withoutRunIds,
} from '../lib/pause';
import type { ExecutionSummary } from '../lib/executions';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, N8N_VERSION, nodeError, nodeOutputJson, nodeRuns, readExecution, useE2eSuite, waitForExecutions } from '../n8n';

interface ParkedRun {
	/** The highest execution id before the run. */
	before: number;
	execution: ExecutionSummary;
	/** The first of `launched`. */
	jobId: string;
	launched: string[];
}

/** Jobs run until the test ends them, so an execution stays parked as long as a test needs. */
const RUNS_UNTIL_FINISHED_MS = 3_600_000;

/**
 * n8n 2.x fails a node whose waiting stack entry carries `resumeError` when the wait ends by time;
 * n8n 1.x has no such field and passes the entry's data on: there the time limit gives the poll
 * mode's error as items (docs/batches-and-long-jobs.md, "Waiting: poll or pause", limitations).
 */
const failsAtTimeLimit = (version: string): boolean => Number(version.split('.')[0]) >= 2;

export function definePauseSuite(version: string = N8N_VERSION): void {
	describe(`Pause mode (Process Files) in real n8n ${version}`, () => {
		const suite = useE2eSuite({ label: `pause-${version}`, version, emulatorConfig: { job_duration_ms: RUNS_UNTIL_FINISHED_MS, schedule_delay_ms: 50 } });
		const ids = { pause: '', poll: '', short: '', tolerant: '' };
		const paths = { pause: '', poll: '', short: '', tolerant: '' };
		let glob = '';
		/** Two files: two items, two jobs (the continue-on-fail case gives one error item per job). */
		let twoFilesGlob = '';
		const timeLimited: { short?: ParkedRun; tolerant?: ParkedRun } = {};

		const userFolder = () => suite.e2e.userFolder;

		beforeAll(async () => {
			const { e2e, emulator, apiKey } = suite;
			const credential = await e2e.importCredential({ name: 'Pause (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
			fs.writeFileSync(path.join(suite.filesDir, 'report.md'), '# Quarterly report\n\nRevenue grew.\n\n## Outlook\n\nSteady.\n');
			glob = path.join(suite.filesDir, '*.md');
			const twoFiles = path.join(suite.filesDir, 'two');
			fs.mkdirSync(twoFiles);
			fs.writeFileSync(path.join(twoFiles, 'a.md'), '# First\n\nOne.\n');
			fs.writeFileSync(path.join(twoFiles, 'b.md'), '# Second\n\nTwo.\n');
			twoFilesGlob = path.join(twoFiles, '*.md');
			for (const [key, options] of [
				['pause', { waitMode: 'pause' as const }],
				['poll', { waitMode: 'poll' as const }],
				['short', { waitMode: 'pause' as const, timeoutMinutes: 0.05 }],
				['tolerant', { waitMode: 'pause' as const, timeoutMinutes: 0.05 }],
			] as const) {
				const { workflow, path: webhookPath } = pauseWorkflow({ ...options, credential });
				if (key === 'tolerant') {
					const processNode = workflow.nodes.find((node) => node.name === 'Process Files');
					if (processNode) processNode.onError = 'continueRegularOutput';
				}
				ids[key] = await e2e.importWorkflow(workflow);
				paths[key] = webhookPath;
				await e2e.publish(ids[key]);
			}
			timeLimited.short = await parkedRun('short', glob, 1);
			timeLimited.tolerant = await parkedRun('tolerant', twoFilesGlob, 2);
		}, E2E_SETUP_TIMEOUT_MS);

		/** Starts a run over the files of `files` and returns its parked execution and its jobs, one per file. */
		const parkedRun = async (key: 'pause' | 'short' | 'tolerant', files = glob, jobs = 1): Promise<ParkedRun> => {
			const before = await maxExecutionId(userFolder());
			const known = jobIds(suite.emulator);
			await startRun(suite.e2e.n8n.url, paths[key], files);
			const [execution] = await executionsWithStatus(userFolder(), { workflowId: ids[key], afterId: before, status: 'waiting', count: 1 });
			const launched = newJobIds(suite.emulator, known);
			expect(launched).toHaveLength(jobs);
			return { before, execution, jobId: launched[0], launched };
		};

		it('parks the execution, polls nothing, ignores a forged call and another job, and resumes with the poll mode’s items', async () => {
			const { emulator, e2e } = suite;
			const { before, execution, jobId } = await parkedRun('pause');
			const channel = pauseChannelOf(emulator, execution.id);
			expect(channel).toMatchObject({ channel_type: 'webhook', event_types: ['job.completed', 'job.failed', 'job.stopped'] });
			// Scoped to the pause's own workflow, named for users after the n8n workflow and the
			// execution, with the channel's deadline and reference; it ran the job.
			const pauseWorkflowId = String(channel?.workflow_id);
			const label = /^n8n paused execution (\S+) until (\S+) \(ref ([0-9a-f]{16})\)$/.exec(String(channel?.description));
			const name = String(emulator.store.workflows.get(pauseWorkflowId)?.name);
			expect(name.startsWith('n8n pause — E2E pause mode')).toBe(true);
			expect(name.endsWith(`, execution ${label?.[1]} (until ${label?.[2]}, ref ${label?.[3]})`)).toBe(true);
			expect(emulator.store.jobs.get(jobId)?.workflow_id).toBe(pauseWorkflowId);
			expect(channel?.secret?.length).toBeGreaterThanOrEqual(24);
			expect(channel?.secret?.length).toBeLessThanOrEqual(75);

			// Parked: n8n saved it as waiting and nothing asks the service about the job any more.
			const polls = await jobPolls(emulator, jobId);
			await new Promise((resolve) => setTimeout(resolve, 3000));
			expect(await jobPolls(emulator, jobId)).toBe(polls);

			// A call to the real resume URL without the channel's signature is refused.
			const forged = await postForgedDelivery(String(channel?.url), JSON.stringify({ type: 'job.completed', job: { id: jobId, status: 'COMPLETED' } }));
			expect(forged.status).toBe(401);
			// Another job's events never reach the channel of the pause's workflow (Wait for Job's workspace
			// channel, which hears them, answers them without resuming: pause-variants).
			const other = await runServiceJob();
			await finishJob(emulator, other);
			await emulator.deliveriesIdle();
			expect(emulator.store.deliveries.filter((attempt) => attempt.channel_id === channel?.id)).toEqual([]);
			expect((await readExecution(userFolder(), execution.id))?.status).toBe('waiting');

			await finishJob(emulator, jobId);
			const [resumed] = await waitForExecutions(userFolder(), { workflowId: ids.pause, afterId: before, count: 1, timeoutMs: 60_000 });
			expect(resumed.id).toBe(execution.id);
			expect(resumed.status).toBe('success');
			const paused = nodeOutputJson(resumed.data, 'Process Files');
			expect(nodeOutputJson(resumed.data, 'After')).toEqual(paused);
			expect(pauseChannelOf(emulator, execution.id)).toBeUndefined();
			expect(emulator.store.workflows.has(pauseWorkflowId)).toBe(false);
			// The signing secret never reaches execution data.
			expect(JSON.stringify(resumed)).not.toContain(String(channel?.secret));

			// The same file through the poll mode gives the same items.
			const pollBefore = await maxExecutionId(userFolder());
			const known = jobIds(emulator);
			await startRun(e2e.n8n.url, paths.poll, glob);
			const finishing = (async () => {
				for (let tries = 0; tries < 200 && newJobIds(emulator, known).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
				await finishJob(emulator, newJobIds(emulator, known)[0]);
			})();
			const [polled] = await waitForExecutions(userFolder(), { workflowId: ids.poll, afterId: pollBefore, count: 1, timeoutMs: 60_000 });
			await finishing;
			expect(paused.length).toBeGreaterThan(0);
			expect(withoutRunIds(paused)).toEqual(withoutRunIds(nodeOutputJson(polled.data, 'Process Files')));
		}, 240_000);

		it('resumes at once when the job ended before the channel was registered', async () => {
			const { emulator } = suite;
			emulator.setConfig({ job_duration_ms: 0, schedule_delay_ms: 0 });
			// The pause workflow's creation, run and channel registration are slowed down, so the job has
			// surely ended before the channel exists.
			await suite.client.control('/faults', 'POST', { method: 'POST', path: '/api/v1/workflows/', delay_ms: 1000, times: 3 });
			try {
				const before = await maxExecutionId(userFolder());
				await startRun(suite.e2e.n8n.url, paths.pause, glob);
				const [execution] = await waitForExecutions(userFolder(), { workflowId: ids.pause, afterId: before, count: 1, timeoutMs: 60_000 });
				expect(execution.status).toBe('success');
				expect(nodeOutputJson(execution.data, 'After').length).toBeGreaterThan(0);
				expect(pauseChannelOf(emulator, execution.id)).toBeUndefined();
				expect([...emulator.store.workflows.values()].filter((workflow) => workflow.name.includes(`execution ${execution.id} `))).toEqual([]);
			} finally {
				emulator.setConfig({ job_duration_ms: RUNS_UNTIL_FINISHED_MS, schedule_delay_ms: 50 });
			}
		}, 120_000);

		it('fails like the poll mode when the job fails (Fail on Unsuccessful Job)', async () => {
			const { before, execution, jobId } = await parkedRun('pause');
			await finishJob(suite.emulator, jobId, 'FAILED');
			const [ended] = await waitForExecutions(userFolder(), { workflowId: ids.pause, afterId: before, count: 1, timeoutMs: 60_000 });
			expect(ended.id).toBe(execution.id);
			expect(ended.status).toBe('error');
			expect(nodeRuns(ended.data, 'After')).toEqual([]);
			expect(nodeError(ended.data, 'Process Files')).toMatchObject({ message: `Job "${jobId}" ended with status FAILED` });
			expect(pauseChannelOf(suite.emulator, execution.id)).toBeUndefined();
		}, 120_000);

		it('ends with the poll mode’s time-out error when the time limit passes, never passing the input on', async () => {
			if (!timeLimited.short) throw new Error('the time-limited run did not park in beforeAll');
			const { execution, before, jobId } = timeLimited.short;
			// n8n's wait tracker looks for due executions once a minute.
			const [ended] = await waitForExecutions(userFolder(), { workflowId: ids.short, afterId: before, count: 1, timeoutMs: 100_000 });
			expect(ended.id).toBe(execution.id);
			// The poll mode's message; the last status is the one the node saw when it paused.
			const message = new RegExp(`^Job "${jobId}" did not finish within 0\\.05 minutes \\(last status: (SCHEDULED|IN_PROGRESS)\\)$`);
			if (failsAtTimeLimit(version)) {
				expect(ended.status).toBe('error');
				expect(nodeRuns(ended.data, 'After')).toEqual([]);
				const error = { name: 'NodeOperationError', message: expect.stringMatching(message), description: expect.stringContaining('Raise Options › Timeout') };
				expect(nodeError(ended.data, 'Process Files')).toMatchObject(error);
				// The poll mode's description names the files not processed; so does the pause's (issue 51).
				expect(String(nodeError(ended.data, 'Process Files')?.description)).toMatch(
					new RegExp(` Files not processed \\(1\\): "report\\.md" \\(item 0, processing, job ${jobId}\\)\\.$`),
				);
			} else {
				expect(ended.status).toBe('success');
				const items = nodeOutputJson(ended.data, 'After');
				// n8n 1.x passes the time-out items on: one per file of the job, as the poll mode's.
				expect(items).toEqual([
					expect.objectContaining({ stage: 'processing', job_id: jobId, file_name: expect.any(String), reason: expect.stringMatching(message), what_to_do: expect.stringContaining('Raise Options › Timeout') }),
				]);
			}
			await finishJob(suite.emulator, jobId);
		}, 180_000);

		it('under continue on fail, the time limit gives the poll mode’s failure items, one per file with its job', async () => {
			if (!timeLimited.tolerant) throw new Error('the time-limited run did not park in beforeAll');
			const { before, execution, launched } = timeLimited.tolerant;
			const [ended] = await waitForExecutions(userFolder(), { workflowId: ids.tolerant, afterId: before, count: 1, timeoutMs: 100_000 });
			expect(ended.id).toBe(execution.id);
			expect(ended.status).toBe('success');
			const run = ended.data?.resultData.runData['Process Files'][0].data?.main?.[0] ?? [];
			// One file per job here: one failure item each, paired to its item, in item order; the jobs are those launched.
			expect(run.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			const timedOut = /^Job "([^"]+)" did not finish within 0\.05 minutes \(last status: [A-Z_]+\)$/;
			// The whole items first, so a failure shows what came out instead.
			expect(run.map((item) => item.json)).toEqual(run.map(() => expect.objectContaining({ stage: 'processing', reason: expect.stringMatching(timedOut) })));
			const named = run.map((item) => timedOut.exec(String(item.json.reason))?.[1]);
			expect(new Set(named)).toEqual(new Set(launched));
			for (const item of run) {
				expect(item.json).toMatchObject({ stage: 'processing', item_index: expect.any(Number), file_name: expect.any(String), file_id: expect.any(String) });
				expect(named).toContain(item.json.job_id);
				expect(item.json.what_to_do).toContain('Raise Options › Timeout');
			}
			expect(nodeOutputJson(ended.data, 'After')).toEqual(run.map((item) => item.json));
			for (const jobId of launched) await finishJob(suite.emulator, jobId);
		}, 180_000);

		/** A run of the emulator's stored workflow: another job, whose events reach every workspace channel. */
		const runServiceJob = async (): Promise<string> => {
			const form = new FormData();
			form.append('input_files', new Blob(['# Other\n\nAnother job.\n'], { type: 'text/markdown' }), 'other.md');
			const response = await fetch(`${suite.emulator.url}/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
				method: 'POST',
				headers: { 'service-api-key': suite.apiKey, accept: 'application/json' },
				body: form,
			});
			expect(response.status).toBe(202);
			const id = ((await response.json()) as { id: string }).id;
			// Started, so it can be finished.
			for (let tries = 0; tries < 100 && suite.emulator.store.jobs.get(id)?.status !== 'IN_PROGRESS'; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			return id;
		};
	});
}
