/**
 * A pause whose state is too long for the channel's address (issue 44 finding 1) in queue mode:
 * 40 files in 4 runs park one execution with its sealed state on the stack entry, saved in
 * Postgres by the worker; the job events reach a webhook process, which reads that state back
 * from the database, and the execution resumes once, on a worker, with every file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { finishJob, jobIds, newJobIds, startRun } from '../../e2e/lib/pause';
import { userFolderPaths } from '../../e2e/lib/user-folder';
import { loadWorkflow } from '../../e2e/lib/workflow-file';
import type { PauseWorld } from './parked';

const FILES = 40;

export function defineBatchInQueue(world: () => PauseWorld): void {
	it(`parks ${FILES} files (state stored with the execution) and resumes once through a webhook process`, async () => {
		const ctx = world();
		const { db } = ctx.cluster;
		const dir = path.join(userFolderPaths(ctx.cluster.userFolder).filesDir, `pause-batch-${randomUUID().slice(0, 8)}`);
		fs.mkdirSync(dir, { recursive: true });
		for (let index = 0; index < FILES; index++) fs.writeFileSync(path.join(dir, `doc-${index}.md`), `# Document ${index}\n\nText ${index}.\n`);
		const webhookPath = `pause-batch-${randomUUID().slice(0, 8)}`;
		const workflow = loadWorkflow('pause-batch.json', {
			WEBHOOK_ID: randomUUID(),
			WEBHOOK_PATH: webhookPath,
			WAIT_MODE: 'pause',
			SPACING_SECONDS: 0.05,
			RUNS_AT_ONCE: 0,
			CREDENTIAL_ID: ctx.credential.id,
			CREDENTIAL_NAME: ctx.credential.name,
		});
		const workflowId = await ctx.cluster.importWorkflow(workflow);
		await ctx.cluster.publish(workflowId);
		const before = await db.maxExecutionId();
		const known = jobIds(ctx.emulator);
		await startRun(ctx.cluster.webhook.url, webhookPath, path.join(dir, '*.md'));
		const deadline = Date.now() + 120_000;
		let parked: { id: number } | undefined;
		while (!(parked = (await db.executions(workflowId, before)).find((row) => row.status === 'waiting'))) {
			if (Date.now() > deadline) throw new Error('the execution did not park');
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const channel = [...ctx.emulator.store.channels.values()].find((candidate) => candidate.url?.includes(`/webhook-waiting/${parked?.id}`));
		expect(new URL(String(channel?.url)).searchParams.get('dp_state')?.length).toBeLessThan(300);
		const jobs = newJobIds(ctx.emulator, known);
		expect(jobs).toHaveLength(FILES / 10);
		for (const jobId of jobs) await finishJob(ctx.emulator, jobId);
		const [ended] = await db.waitForEnded(workflowId, before, 1, 120_000);
		expect(ended.status).toBe('success');
		const data = await db.runData(ended.id);
		expect(data?.resultData.runData.After).toHaveLength(1);
		const names = (data?.resultData.runData.After[0].data?.main?.[0] ?? []).map((item) => String(item.json.input_file_name));
		expect(new Set(names).size).toBe(FILES);
	}, 5 * 60_000);
}
