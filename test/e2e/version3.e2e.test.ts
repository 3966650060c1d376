/**
 * Real n8n: node version 3 workflows (issue 32) run from the defaults the v3 panel starts with,
 * fields moved into Options included: Process Files with a Structured Data Extraction step (one
 * item of extracted data per file), Partition File (High Resolution, one item per element) and
 * Run Workflow waiting for its outputs, side by side on the same two files; and the pause mode
 * chosen in Process Files' Options.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import type { LoggedRequest } from '../emulator/request-log';
import { emulatorCredentialData, executionsWithStatus, finishJob, jobIds, newJobIds, pauseChannelOf, pauseWorkflow, startRun } from './lib/pause';
import { loadWorkflow, maxExecutionId, nodeOutputJson, useE2eSuite, waitForExecutions } from './n8n';

const FILES: Record<string, string> = {
	'invoice-1.md': '# Invoice 1\n\nCustomer: Example Corp.\n\nTotal due: 120 EUR.\n',
	'invoice-2.md': '# Invoice 2\n\nCustomer: Sample Ltd.\n\nTotal due: 80 EUR.\n',
};

describe('real n8n: node version 3 workflows', () => {
	const suite = useE2eSuite({ label: 'version3', emulatorConfig: { job_duration_ms: 200, schedule_delay_ms: 20 } });

	it('runs Process Files with an extraction step, Partition File and Run Workflow', async () => {
		const { e2e, emulator, filesDir, apiKey } = suite;
		fs.mkdirSync(path.join(filesDir, 'v3'), { recursive: true });
		for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(filesDir, 'v3', name), text);
		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('version3-flows.json', {
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				FILES_GLOB: `${filesDir}/v3/*`,
				SERVICE_WORKFLOW_ID: DEFAULT_WORKFLOW_ID,
			}),
		);

		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('success');

		const extracted = nodeOutputJson(run.data, 'Process Files');
		expect(extracted).toHaveLength(2);
		expect(extracted.map((item) => item.input_file_name).sort()).toEqual(Object.keys(FILES));
		for (const item of extracted) expect(item.extracted_data).toEqual(expect.any(Object));

		const elements = nodeOutputJson(run.data, 'Partition File');
		expect(elements.length).toBeGreaterThanOrEqual(4);
		expect(elements.map((element) => element.type)).toContain('Title');

		const outputs = nodeOutputJson(run.data, 'Run Workflow');
		expect(outputs.length).toBeGreaterThanOrEqual(2);
		expect(outputs.every((element) => typeof element.type === 'string')).toBe(true);

		const response = await fetch(`${emulator.url}/_emulator/requests`);
		const { requests } = (await response.json()) as { requests: LoggedRequest[] };
		const launched = requests.filter((request) => request.method === 'POST' && /^\/api\/v1\/jobs\/?$/.test(request.path) && request.status === 200);
		const jobNodes = launched.map((request) => (JSON.parse(request.fields.request_data as string) as { job_nodes: Array<{ type: string; subtype: string }> }).job_nodes);
		expect(jobNodes).toHaveLength(2);
		for (const nodes of jobNodes) expect(nodes.map((node) => `${node.type}/${node.subtype}`)).toEqual(['partition/vlm', 'structured_data_extractor/llm']);
		const partitions = requests.filter((request) => request.path === '/general/v0/general');
		expect(partitions.map((request) => request.fields.strategy)).toEqual(['hi_res', 'hi_res']);

		expect(JSON.stringify(run.data)).not.toContain(apiKey);
	}, 5 * 60_000);
});

describe('real n8n: pause mode from version 3’s Options', () => {
	// Jobs run until the test finishes them, so the execution is seen parked.
	const suite = useE2eSuite({ label: 'version3-pause', emulatorConfig: { job_duration_ms: 3_600_000, schedule_delay_ms: 50 } });

	it('parks Process Files (Options › Wait Mode › Pause) and resumes with its items when the job ends', async () => {
		const { e2e, emulator, apiKey } = suite;
		const credential = await e2e.importCredential({ name: 'Version 3 pause (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
		fs.writeFileSync(path.join(suite.filesDir, 'report.md'), '# Quarterly report\n\nRevenue grew.\n');
		const { workflow, path: webhookPath } = pauseWorkflow({ waitMode: 'pause', credential });
		// The same workflow with its Process Files node saved as version 3: the wait settings in Options.
		for (const node of workflow.nodes.filter((one) => one.name === 'Process Files')) {
			const { waitMode, waitOptions, batchMode, pipelineMode: _mode, partitionSubtype: _subtype, ...rest } = node.parameters as Record<string, unknown>;
			node.typeVersion = 3;
			node.parameters = { ...rest, options: { waitMode, batchMode, ...(waitOptions as object) } };
		}
		const workflowId = await e2e.importWorkflow(workflow);
		await e2e.publish(workflowId);

		const before = await maxExecutionId(e2e.userFolder);
		const known = jobIds(emulator);
		await startRun(e2e.n8n.url, webhookPath, path.join(suite.filesDir, '*.md'));
		const [parked] = await executionsWithStatus(e2e.userFolder, { workflowId, afterId: before, status: 'waiting', count: 1 });
		const [jobId] = newJobIds(emulator, known);
		expect(pauseChannelOf(emulator, parked.id)).toMatchObject({ channel_type: 'webhook' });

		await finishJob(emulator, jobId);
		const [resumed] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, count: 1, timeoutMs: 60_000 });
		expect(resumed).toMatchObject({ id: parked.id, status: 'success' });
		expect(nodeOutputJson(resumed.data, 'Process Files').length).toBeGreaterThan(0);
	}, 240_000);
});
