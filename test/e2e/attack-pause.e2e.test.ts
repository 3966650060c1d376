/**
 * Attack suite, real n8n (issue 31 item 2): two Process Files nodes in pause mode one after the
 * other in one workflow. The resume claim was kept per execution, so the second job's event was
 * answered "already being resumed" and the execution failed at its time limit; claimed per pause
 * (the pause's own channel reference), both pauses resume and the execution succeeds.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emulatorCredentialData, startRun } from './lib/pause';
import { publishedWebhookWorkflow } from './lib/webhook-workflow';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, nodeOutputJson, nodeRuns, useE2eSuite, waitForExecutions } from './n8n';

/** Jobs end on their own after this long, so each pause is resumed by its job's signed event. */
const JOB_MS = 3_000;

describe('attack: two pauses in one execution (real n8n)', () => {
	const suite = useE2eSuite({ label: 'attack-pause', emulatorConfig: { job_duration_ms: JOB_MS, schedule_delay_ms: 50 } });
	let workflowId = '';
	let webhookPath = '';
	let glob = '';

	beforeAll(async () => {
		const { e2e, emulator, apiKey } = suite;
		const credential = await e2e.importCredential({ name: 'Attack pause (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
		fs.writeFileSync(path.join(suite.filesDir, 'memo.md'), '# Memo\n\nTwo pauses, one execution.\n');
		glob = path.join(suite.filesDir, '*.md');
		({ workflowId, webhookPath } = await publishedWebhookWorkflow(e2e, 'attack-two-pauses.json', credential));
	}, E2E_SETUP_TIMEOUT_MS);

	it('resumes both pauses and the execution succeeds with both jobs’ outputs', async () => {
		const { e2e, emulator } = suite;
		const before = await maxExecutionId(e2e.userFolder);
		await startRun(e2e.n8n.url, webhookPath, glob);
		// Two jobs of 3 s each, two parks and resumes: well inside the nodes' 2-minute limit.
		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, count: 1, timeoutMs: 150_000 });
		expect({ status: execution.status, error: nodeRuns(execution.data, 'Second Pause')[0]?.error }).toEqual({ status: 'success', error: undefined });
		const first = nodeOutputJson(execution.data, 'First Pause');
		const second = nodeOutputJson(execution.data, 'Second Pause');
		expect(first).toHaveLength(1);
		expect(second).toHaveLength(1);
		expect(first[0]?.job_id).not.toEqual(second[0]?.job_id);
		expect(nodeOutputJson(execution.data, 'After')).toEqual(second);
		// Each pause registered its own channel and deleted it on resuming.
		expect([...emulator.store.channels.values()].filter((channel) => channel.url?.includes(`/webhook-waiting/${execution.id}`))).toEqual([]);
	}, 200_000);
});
