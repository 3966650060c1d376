/**
 * Pause mode beyond one job (issue 23), in a real n8n 2.40.7: several jobs of one execution are
 * one wait that ends with the last job, exactly once; Run Workflow parks on a channel scoped to its
 * workflow; Wait for Job's workspace channel ignores other jobs; a refused channel makes the
 * execution poll instead. (Continue on fail at the time limit: pause/suite.ts, beside the other
 * time-limited run, so the two wait for n8n's wait tracker together.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
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
} from './lib/pause';
import { E2E_SETUP_TIMEOUT_MS, listExecutions, type RunExecutionData, loadWorkflow, maxExecutionId, nodeOutputJson, readExecution, useE2eSuite, waitForExecutions } from './n8n';

const RUNS_UNTIL_FINISHED_MS = 3_600_000;

describe('Pause mode: several jobs, continue on fail, Run Workflow', () => {
	const suite = useE2eSuite({ label: 'pause-variants', emulatorConfig: { job_duration_ms: RUNS_UNTIL_FINISHED_MS, schedule_delay_ms: 50 } });
	const ids = { multi: '', poll: '', run: '', wait: '' };
	const paths = { multi: '', poll: '', run: '', wait: '' };
	let glob = '';
	const userFolder = () => suite.e2e.userFolder;

	beforeAll(async () => {
		const { e2e, emulator, apiKey } = suite;
		const credential = await e2e.importCredential({ name: 'Pause variants (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
		fs.writeFileSync(path.join(suite.filesDir, 'a.md'), '# First\n\nOne.\n');
		fs.writeFileSync(path.join(suite.filesDir, 'b.md'), '# Second\n\nTwo.\n');
		glob = path.join(suite.filesDir, '*.md');

		const multi = pauseWorkflow({ waitMode: 'pause', credential });
		const poll = pauseWorkflow({ waitMode: 'poll', credential });
		paths.run = `pause-run-${randomUUID().slice(0, 8)}`;
		const run = loadWorkflow('pause-run-workflow.json', {
			WEBHOOK_ID: randomUUID(),
			WEBHOOK_PATH: paths.run,
			BATCH_MODE: 'perItem',
			WAIT_MODE: 'pause',
			SERVICE_WORKFLOW_ID: DEFAULT_WORKFLOW_ID,
			CREDENTIAL_ID: credential.id,
			CREDENTIAL_NAME: credential.name,
		});
		paths.multi = multi.path;
		paths.poll = poll.path;
		ids.poll = await e2e.importWorkflow(poll.workflow);
		ids.multi = await e2e.importWorkflow(multi.workflow);
		ids.run = await e2e.importWorkflow(run);
		const wait = waitForJobWorkflow(pauseWorkflow({ waitMode: 'pause', credential }));
		paths.wait = wait.path;
		ids.wait = await e2e.importWorkflow(wait.workflow);
		for (const id of Object.values(ids)) await e2e.publish(id);
	}, E2E_SETUP_TIMEOUT_MS);

	const parked = async (key: keyof typeof ids, jobs: number) => {
		const before = await maxExecutionId(userFolder());
		const known = jobIds(suite.emulator);
		await startRun(suite.e2e.n8n.url, paths[key], glob);
		const [execution] = await executionsWithStatus(userFolder(), { workflowId: ids[key], afterId: before, status: 'waiting', count: 1 });
		const launched = newJobIds(suite.emulator, known);
		expect(launched).toHaveLength(jobs);
		return { before, execution, launched };
	};

	/** Each output item's pairing and text, in a stable order. */
	const pairing = (data: RunExecutionData | null | undefined): string[][] =>
		(data?.resultData.runData['Process Files'][0].data?.main?.[0] ?? [])
			.map((item) => [JSON.stringify(item.pairedItem), String(item.json.text)])
			.sort((a, b) => a.join().localeCompare(b.join()));

	/** The same files through the poll mode; the test ends the jobs it launches. */
	const pollRun = async () => {
		const before = await maxExecutionId(userFolder());
		const known = jobIds(suite.emulator);
		await startRun(suite.e2e.n8n.url, paths.poll, glob);
		for (let tries = 0; tries < 300 && newJobIds(suite.emulator, known).length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
		for (const jobId of newJobIds(suite.emulator, known)) await finishJob(suite.emulator, jobId);
		const [polled] = await waitForExecutions(userFolder(), { workflowId: ids.poll, afterId: before, count: 1, timeoutMs: 60_000 });
		expect(polled.status).toBe('success');
		return polled;
	};

	it('waits for every job of the execution and resumes once, when the last one ends', async () => {
		const { emulator } = suite;
		const { before, execution, launched } = await parked('multi', 2);
		const channel = pauseChannelOf(emulator, execution.id);
		await finishJob(emulator, launched[1]);
		await emulator.deliveriesIdle();
		expect((await readExecution(userFolder(), execution.id))?.status).toBe('waiting');

		await finishJob(emulator, launched[0]);
		const [resumed] = await waitForExecutions(userFolder(), { workflowId: ids.multi, afterId: before, count: 1, timeoutMs: 60_000 });
		expect(resumed.status).toBe('success');
		// Elements of both files, each paired to the item whose file it came from, as the poll mode pairs them.
		const polled = await pollRun();
		expect(pairing(resumed.data)).toEqual(pairing(polled.data));
		expect(new Set(pairing(resumed.data).map(([paired]) => paired))).toEqual(new Set(['{"item":0}', '{"item":1}']));
		await emulator.deliveriesIdle();
		// Exactly one resume: one execution, and every delivery to the channel was answered 200.
		expect(await listExecutions(userFolder(), { workflowId: ids.multi, afterId: before })).toHaveLength(1);
		expect(emulator.store.deliveries.filter((attempt) => attempt.channel_id === channel?.id).every((attempt) => attempt.status_code === 200)).toBe(true);
		expect(pauseChannelOf(emulator, execution.id)).toBeUndefined();
	}, 180_000);

	it('Wait for Job parks on the job it is given and outputs its record when it ends', async () => {
		const { emulator } = suite;
		const jobId = await serviceJob();
		const before = await maxExecutionId(userFolder());
		await fetch(`${suite.e2e.n8n.url}/webhook/${paths.wait}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jobId }) });
		const [execution] = await executionsWithStatus(userFolder(), { workflowId: ids.wait, afterId: before, status: 'waiting', count: 1 });
		const channel = pauseChannelOf(emulator, execution.id);
		expect(channel).toMatchObject({ workflow_id: null });
		// A workspace channel hears another job's end too: signed, answered 200, and the execution stays parked.
		await finishJob(emulator, await serviceJob());
		await emulator.deliveriesIdle();
		const toChannel = emulator.store.deliveries.filter((attempt) => attempt.channel_id === channel?.id);
		expect(toChannel.length).toBeGreaterThan(0);
		expect(toChannel.every((attempt) => attempt.status_code === 200)).toBe(true);
		expect((await readExecution(userFolder(), execution.id))?.status).toBe('waiting');
		await finishJob(emulator, jobId);
		const [resumed] = await waitForExecutions(userFolder(), { workflowId: ids.wait, afterId: before, count: 1, timeoutMs: 60_000 });
		expect(resumed.status).toBe('success');
		expect(nodeOutputJson(resumed.data, 'After')).toEqual([expect.objectContaining({ id: jobId, status: 'COMPLETED', succeeded: true })]);
	}, 120_000);

	it('polls instead when the service refuses the channel (its scope is full), and the run says why', async () => {
		const { emulator } = suite;
		const workspaceChannels = () => [...emulator.store.channels.values()].filter((channel) => channel.workflow_id === null).length;
		const jobId = await serviceJob();
		emulator.setConfig({ max_channels_per_scope: Math.max(1, workspaceChannels()) });
		if (workspaceChannels() === 0) {
			const held = { channel_type: 'webhook', url: 'http://127.0.0.1:9/held', event_types: ['job.completed'], description: 'a trigger elsewhere' };
			await fetch(`${emulator.url}/api/v1/notifications/channels`, { method: 'POST', headers: { 'service-api-key': suite.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(held) });
		}
		try {
			const before = await maxExecutionId(userFolder());
			await fetch(`${suite.e2e.n8n.url}/webhook/${paths.wait}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jobId }) });
			// Not parked: the execution polls the job as Wait Mode › Poll does.
			for (let tries = 0; tries < 300 && (await jobPolls(emulator, jobId)) < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 200));
			expect(await listExecutions(userFolder(), { workflowId: ids.wait, afterId: before })).not.toContainEqual(expect.objectContaining({ status: 'waiting' }));
			await finishJob(emulator, jobId);
			const [ended] = await waitForExecutions(userFolder(), { workflowId: ids.wait, afterId: before, count: 1, timeoutMs: 60_000 });
			expect(ended.status).toBe('success');
			expect(nodeOutputJson(ended.data, 'After')).toEqual([expect.objectContaining({ id: jobId, status: 'COMPLETED', succeeded: true })]);
			const hints = ended.data?.resultData.runData['Wait for Job'][0].hints ?? [];
			expect(hints).toEqual([expect.objectContaining({ type: 'warning', message: expect.stringMatching(/waited by polling instead: the service refused the notification channel .*at most/) })]);
		} finally {
			emulator.setConfig({ max_channels_per_scope: 50 });
		}
	}, 120_000);

	/** A run of the emulator's stored workflow, started directly on the service and running until ended. */
	const serviceJob = async (): Promise<string> => {
		const form = new FormData();
		form.append('input_files', new Blob(['# Waited for\n\nText.\n'], { type: 'text/markdown' }), 'waited.md');
		const response = await fetch(`${suite.emulator.url}/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, { method: 'POST', headers: { 'service-api-key': suite.apiKey }, body: form });
		return ((await response.json()) as { id: string }).id;
	};

	it('Run Workflow parks on a channel of its workflow and resumes on the run’s event', async () => {
		const { emulator } = suite;
		const { before, execution, launched } = await parked('run', 2);
		expect(pauseChannelOf(emulator, execution.id)).toMatchObject({ workflow_id: DEFAULT_WORKFLOW_ID });
		for (const jobId of launched) await finishJob(emulator, jobId);
		const [resumed] = await waitForExecutions(userFolder(), { workflowId: ids.run, afterId: before, count: 1, timeoutMs: 60_000 });
		expect(resumed.status).toBe('success');
		const files = nodeOutputJson(resumed.data, 'After').map((item) => (item.metadata as { filename?: string }).filename);
		expect(new Set(files)).toEqual(new Set(['a.md', 'b.md']));
		expect(pauseChannelOf(emulator, execution.id)).toBeUndefined();
	}, 180_000);
});

/** The pause workflow with Wait for Job (job id from the webhook body) in place of Read Files → Process Files. */
function waitForJobWorkflow(flow: ReturnType<typeof pauseWorkflow>): ReturnType<typeof pauseWorkflow> {
	const nodes = flow.workflow.nodes.filter((node) => node.name !== 'Read Files');
	const step = nodes.find((node) => node.name === 'Process Files');
	if (step) {
		step.name = 'Wait for Job';
		step.parameters = { resource: 'job', operation: 'waitForCompletion', jobId: { __rl: true, mode: 'id', value: '={{ $json.body.jobId }}' }, options: { waitMode: 'pause', timeoutMinutes: 30 } };
	}
	const connections = {
		Start: { main: [[{ node: 'Wait for Job', type: 'main', index: 0 }]] },
		'Wait for Job': { main: [[{ node: 'After', type: 'main', index: 0 }]] },
	};
	return { ...flow, workflow: { ...flow.workflow, nodes, connections } };
}
