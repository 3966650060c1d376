/**
 * Pause mode at scale (issue 44 finding 1), in the run's shared n8n (2.40.7 via
 * test/e2e/pause-batch.e2e.test.ts, 1.x via test/compat/n8n-1.compat.test.ts): 300 files combined
 * into 30 runs of the pause's workflow park the execution once (its state, too long for the
 * channel's address, is stored sealed on its stack entry), the execution is `waiting` while the
 * jobs run, and it resumes once, after the last job's end, with every file's output. The jobs
 * take seconds here; the 1,000-file figures at the documented limits are `npm run bench:nightly`'s.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emulatorCredentialData, executionsWithStatus, jobIds, newJobIds, startRun } from '../lib/pause';
import { loadWorkflow } from '../lib/workflow-file';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, N8N_VERSION, nodeOutputJson, readExecution, useE2eSuite, waitForExecutions } from '../n8n';

const FILES = 300;

export function definePauseBatchSuite(version: string = N8N_VERSION): void {
	describe(`Pause mode in real n8n ${version}: one execution of ${FILES} files parks once and resumes once`, () => {
		const suite = useE2eSuite({ label: `pause-batch-${version}`, version, emulatorConfig: { job_duration_ms: 4_000, schedule_delay_ms: 0, webhook_timeout_ms: 30_000 } });
		const flow = { id: '', path: `pause-batch-${randomUUID().slice(0, 8)}`, glob: '' };

		beforeAll(async () => {
			const { e2e, emulator, apiKey } = suite;
			const credential = await e2e.importCredential({ name: 'Pause batch (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
			const folder = path.join(suite.filesDir, 'batch');
			fs.mkdirSync(folder, { recursive: true });
			for (let index = 0; index < FILES; index++) fs.writeFileSync(path.join(folder, `doc-${String(index).padStart(4, '0')}.md`), `# Document ${index}\n\nParagraph ${index}.\n`);
			flow.glob = path.join(folder, '*.md');
			// A short spacing and no window keep the test to seconds; the defaults (1 s, 5 at once) are the bench's.
			const workflow = loadWorkflow('pause-batch.json', {
				WEBHOOK_ID: randomUUID(),
				WEBHOOK_PATH: flow.path,
				WAIT_MODE: 'pause',
				SPACING_SECONDS: 0.05,
				RUNS_AT_ONCE: 0,
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
			});
			flow.id = await e2e.importWorkflow(workflow);
			await e2e.publish(flow.id);
		}, E2E_SETUP_TIMEOUT_MS);

		it('is waiting while its 30 jobs run, then resumes once with all 300 files', async () => {
			const { e2e, emulator } = suite;
			const before = await maxExecutionId(e2e.userFolder);
			const known = jobIds(emulator);
			await startRun(e2e.n8n.url, flow.path, flow.glob);
			const [parked] = await executionsWithStatus(e2e.userFolder, { workflowId: flow.id, afterId: before, status: 'waiting', count: 1, timeoutMs: 120_000 });
			const jobs = newJobIds(emulator, known);
			expect(jobs).toHaveLength(FILES / 10);
			// Parked while jobs still run: the state did not fall back to polling.
			const running = jobs.filter((id) => !['COMPLETED', 'FAILED', 'STOPPED'].includes(String(emulator.store.jobs.get(id)?.status)));
			expect(running.length).toBeGreaterThan(0);
			const pauseChannel = [...emulator.store.channels.values()].find((channel) => channel.url?.includes(`/webhook-waiting/${parked.id}`));
			expect(new URL(String(pauseChannel?.url)).searchParams.get('dp_state')?.length).toBeLessThan(300);
			const pauseWorkflow = [...emulator.store.workflows.values()].find((workflow) => workflow.name.startsWith('n8n pause — '));
			expect(pauseWorkflow?.name).toMatch(new RegExp(`^n8n pause — E2E pause mode at scale.*, execution ${parked.id} \\(until `));

			const [done] = await waitForExecutions(e2e.userFolder, { workflowId: flow.id, afterId: before, count: 1, timeoutMs: 120_000 });
			expect(done.status).toBe('success');
			const execution = await readExecution(e2e.userFolder, done.id);
			expect(execution?.data?.resultData.runData.After).toHaveLength(1);
			const names = nodeOutputJson(execution?.data, 'After').map((item) => String(item.input_file_name));
			expect(names).toHaveLength(FILES);
			expect(new Set(names).size).toBe(FILES);
			// Jobs that ended after the channel existed each sent one event (those before it sent none).
			await emulator.deliveriesIdle();
			const toExecution = emulator.store.deliveries.filter((attempt) => attempt.url.includes(`/webhook-waiting/${parked.id}`) && attempt.event_type !== 'job.in_progress');
			const events = new Set(toExecution.map((attempt) => attempt.event_id)).size;
			expect(events).toBeGreaterThan(0);
			expect(events).toBeLessThanOrEqual(FILES / 10);
			expect([...emulator.store.workflows.values()].filter((workflow) => workflow.name.startsWith('n8n pause — '))).toEqual([]);
			expect([...emulator.store.channels.values()]).toEqual([]);
		}, 5 * 60_000);
	});
}
