/**
 * Real n8n (issue 7): the user flows of the README, run one after another on ONE n8n instance
 * (starting n8n costs ~20-40 s; every CLI call ~5 s, so the credential and all workflows are
 * imported in one call each):
 *   1. Read Files from Disk → Process Files (combined: 12 files → 2 jobs) → element counts per file
 *   4. e-mail channel in a workflow scope → code from the emulator's outbox → Verify → Get Many → Get
 *   6. Run Workflow with files, wait and download
 *   7. the node is usable as a tool: n8n lists its Tool variant for AI agents
 *   +  Create Job → Wait for Job → Download Output → Get Notification Event (the operations the
 *      other flows do not use), and a check that the e2e workflows together use every operation.
 * The tests live in flows/ (one module per flow); this file holds what they share: the one
 * import of the credential and of every workflow, and the order they run in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import type { LoggedRequest } from '../emulator/request-log';
import { emailChannelFlow } from './flows/email-channel';
import { operationCoverageTest } from './flows/every-operation-used';
import type { FlowFile, FlowsContext } from './flows/flow-context';
import { BATCH, JOB_FILES, RUN_FILES } from './flows/flow-files';
import { jobStepsFlow } from './flows/job-steps';
import { processFilesFlow } from './flows/process-files';
import { runWorkflowFlow } from './flows/run-workflow';
import { toolVariantTest } from './flows/tool-variant';
import { E2E_SETUP_TIMEOUT_MS, loadWorkflow, n8nId, useE2eSuite, type ExecutionResult, type WorkflowJson } from './n8n';

describe('real n8n: the README flows on one instance', () => {
	const suite = useE2eSuite({ label: 'flows' });
	const { apiKey } = suite;
	let serviceWorkflowId = '';
	const workflowIds = new Map<FlowFile, string>();

	const requests = async (): Promise<LoggedRequest[]> => (await suite.client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
	const clearRequests = async (): Promise<void> => {
		await suite.client.control('/requests', 'DELETE');
	};
	const execute = async (file: FlowFile): Promise<ExecutionResult> => {
		await clearRequests();
		const run = await suite.e2e.execute(workflowIds.get(file)!);
		if (run.status !== 'success') throw new Error(`${file} ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {}).slice(0, 800)}`);
		// Whatever a flow did, the key never reaches n8n's saved data or output.
		expect(JSON.stringify(run.data)).not.toContain(apiKey);
		expect(run.log).not.toContain(apiKey);
		return run;
	};

	/** Saved through the REST API, as the editor saves (an `n8n import:workflow` boots n8n's CLI: ~10 CPU s). */
	const importWorkflows = async (workflows: Array<[FlowFile, WorkflowJson]>): Promise<void> => {
		for (const [file, json] of workflows) workflowIds.set(file, await suite.e2e.importWorkflow({ ...json, id: n8nId() }));
	};

	beforeAll(async () => {
		const { emulator, client } = suite;

		// Read Files from Disk may only read below N8N_RESTRICT_FILE_ACCESS_TO (the harness sets it).
		const { filesDir } = suite;
		const write = (folder: string, files: Record<string, string>): string => {
			fs.mkdirSync(path.join(filesDir, folder), { recursive: true });
			for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(filesDir, folder, name), content);
			return `${filesDir}/${folder}/*`;
		};
		const batchGlob = write('batch', Object.fromEntries(BATCH.map((f) => [f.name, f.content])));
		const runGlob = write('run', RUN_FILES);
		const jobGlob = write('job', JOB_FILES);

		const created = await client.control<{ id: string }>('/workflows', 'POST', {
			name: 'E2E contracts',
			job_nodes: [
				{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } },
				{ name: 'People and companies', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'anthropic', model: 'claude-e2e' } },
			],
		});
		expect(created.status).toBe(200);
		serviceWorkflowId = created.body.id;

		const credential = await suite.importEmulatorCredential();
		const common = { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, EMULATOR_URL: emulator.url };
		await importWorkflows([
			['read-and-process-files.json', loadWorkflow('read-and-process-files.json', { ...common, FILES_GLOB: batchGlob })],
			[
				'email-channel.json',
				loadWorkflow('email-channel.json', { ...common, SERVICE_WORKFLOW_ID: DEFAULT_WORKFLOW_ID, RECIPIENT_EMAIL: 'finance@e2e.example.com' }),
			],
			['run-workflow-download.json', loadWorkflow('run-workflow-download.json', { ...common, FILES_GLOB: runGlob, SERVICE_WORKFLOW_ID: serviceWorkflowId })],
			['job-steps-and-event.json', loadWorkflow('job-steps-and-event.json', { ...common, FILES_GLOB: jobGlob })],
		]);
	}, E2E_SETUP_TIMEOUT_MS);

	const flows: FlowsContext = { suite, execute, requests, serviceWorkflowId: () => serviceWorkflowId };
	toolVariantTest(flows);
	processFilesFlow(flows);
	emailChannelFlow(flows);
	runWorkflowFlow(flows);
	jobStepsFlow(flows);
	operationCoverageTest(flows);
});
