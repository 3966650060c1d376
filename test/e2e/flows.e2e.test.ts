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
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import type { LoggedRequest } from '../emulator/request-log';
import {
	E2E_SETUP_TIMEOUT_MS,
	loadWorkflow,
	n8nId,
	nodeOutputJson,
	nodeRuns,
	PACKAGE_NAME,
	useE2eSuite,
	userFolderPaths,
	type ExecutionResult,
	type WorkflowJson,
} from './n8n';
import { loadedWorkflowFiles, offeredOperations, usedOperations } from './operation-coverage';

const ACTION = `${PACKAGE_NAME}.documentProcessing`;

interface OutputItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}

/** File k of flow 1 partitions into one Title and k ListItems. */
const batchFile = (k: number) => {
	const name = k <= 10 ? `report-${String(k).padStart(2, '0')}.md` : `notes-${k}.txt`;
	const title = k <= 10 ? `# Report ${k}` : `Notes ${k}`;
	const items = Array.from({ length: k }, (_, i) => `- item ${i + 1} of file ${k}`);
	return { name, content: `${title}\n\n${items.join('\n')}\n`, elements: k + 1 };
};
const BATCH = Array.from({ length: 12 }, (_, i) => batchFile(i + 1));

const RUN_FILES = {
	'contract-a.md': '# Contract A\n\nAlice Smith signs the lease with Acme Holdings on Monday.\n\nRent is due monthly.\n',
	'contract-b.md': '# Contract B\n\nBob Jones renews the support plan with Initech Systems.\n',
};
const JOB_FILES = {
	'invoice-1.md': '# Invoice 1\n\nCustomer: Example Corp.\n\nTotal due: 120 EUR.\n',
	'invoice-2.md': '# Invoice 2\n\nCustomer: Sample Ltd.\n\nTotal due: 80 EUR.\n',
};

const WORKFLOW_FILES = ['read-and-process-files.json', 'email-channel.json', 'run-workflow-download.json', 'job-steps-and-event.json'] as const;
type FlowFile = (typeof WORKFLOW_FILES)[number];

const pairedIndex = (item: OutputItem): number => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	if (paired === undefined) throw new Error(`item without pairedItem: ${JSON.stringify(item.json).slice(0, 200)}`);
	return paired.item;
};

/** Output items of a node with their pairedItem (nodeOutputJson gives only json). */
const nodeItems = (run: ExecutionResult, node: string): OutputItem[] => {
	nodeOutputJson(run.data, node); // throws a readable error when the node failed or did not run
	return (nodeRuns(run.data, node)[0]?.data?.main?.[0] ?? []) as OutputItem[];
};

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
		expect(run.cli.stdout + run.cli.stderr).not.toContain(apiKey);
		return run;
	};

	/** One `import:workflow` call for all the flows (each CLI call starts n8n's CLI: ~5 s). */
	const importWorkflows = async (workflows: Array<[FlowFile, WorkflowJson]>): Promise<void> => {
		const withIds = workflows.map(([file, json]) => {
			const id = n8nId();
			workflowIds.set(file, id);
			return { active: false, settings: { executionOrder: 'v1' }, ...json, id };
		});
		const input = path.join(userFolderPaths(suite.e2e.userFolder).importsDir, `flows-${Date.now()}.json`);
		fs.writeFileSync(input, JSON.stringify(withIds, null, 2));
		const result = await suite.e2e.cli(['import:workflow', `--input=${input}`]);
		expect(result.stdout + result.stderr).toContain(`Successfully imported ${withIds.length} workflows`);
	};

	beforeAll(async () => {
		const { e2e, emulator, client } = suite;

		// Read Files from Disk may only read below N8N_RESTRICT_FILE_ACCESS_TO (the harness sets it).
		const filesDir = userFolderPaths(e2e.userFolder).filesDir;
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

	it('flow 7: the action node is usable as a tool and its Tool variant is in the node types', async () => {
		const { e2e } = suite;
		const types = await e2e.rest.nodeTypes();
		const action = types.find((t) => t.name === ACTION);
		expect(action?.usableAsTool).toBe(true);
		const tool = types.find((t) => t.name === `${ACTION}Tool`);
		expect(tool).toBeDefined();
		// What n8n's AI Agent connects to: a node with one ai_tool output in the AI › Tools category.
		expect(tool).toMatchObject({
			displayName: `${String(action?.displayName)} Tool`,
			inputs: [],
			outputs: ['ai_tool'],
			codex: { categories: expect.arrayContaining(['AI']), subcategories: { AI: expect.arrayContaining(['Tools']) } },
		});
		expect(tool?.credentials?.map((c) => c.name)).toContain('documentProcessingApi');
		const toolProperties = tool?.properties.map((p) => p.name) ?? [];
		expect(toolProperties).toEqual(expect.arrayContaining(['toolDescription', 'resource', 'operation']));
		// The tool offers the same operations as the node.
		expect(offeredOperations(tool!)).toEqual(offeredOperations(action!));
	});

	it('flow 1: Read Files from Disk → Process Files combines 12 files into 2 jobs → element counts per file', async () => {
		const run = await execute('read-and-process-files.json');

		const read = nodeItems(run, 'Read Files');
		expect(read.map((item) => item.json.fileName).sort()).toEqual(BATCH.map((f) => f.name).sort());

		const outputs = nodeItems(run, 'Process Files');
		expect(outputs).toHaveLength(12);
		// Every output file is paired with the item whose file it came from.
		for (const item of outputs) expect(read[pairedIndex(item)].json.fileName).toBe(item.json.input_file_name);
		const jobs = new Map<string, number[]>();
		for (const item of outputs) jobs.set(String(item.json.job_id), [...(jobs.get(String(item.json.job_id)) ?? []), pairedIndex(item)]);
		expect([...jobs.values()].map((items) => items.length).sort((a, b) => a - b)).toEqual([2, 10]);
		// Combined in item order: the first job carries items 0-9, the second 10 and 11.
		expect([...jobs.values()].map((items) => [...items].sort((a, b) => a - b))).toEqual(
			expect.arrayContaining([Array.from({ length: 10 }, (_, i) => i), [10, 11]]),
		);

		const counts = nodeOutputJson(run.data, 'Element Counts');
		expect(counts).toHaveLength(12);
		const expected = BATCH.map((f) => ({ file: f.name, elements: f.elements, titles: 1 }));
		expect(counts.map(({ file, elements, titles }) => ({ file, elements, titles })).sort((a, b) => String(a.file).localeCompare(String(b.file)))).toEqual(
			expected.sort((a, b) => a.file.localeCompare(b.file)),
		);
		for (const count of counts) expect([...jobs.keys()]).toContain(count.job_id);

		// The service saw exactly two launches, with 10 and 2 files of the right types.
		const launches = (await requests()).filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/jobs') && r.status === 200);
		expect(launches.map((r) => r.files.length).sort((a, b) => a - b)).toEqual([2, 10]);
		const sent = launches.flatMap((r) => r.files);
		expect(sent.map((f) => f.filename).sort()).toEqual(BATCH.map((f) => f.name).sort());
		expect(new Set(sent.map((f) => f.content_type))).toEqual(new Set(['text/markdown', 'text/plain']));
	}, 5 * 60_000);

	it('flow 4: e-mail channel for one workflow → code from the outbox → Verify → Get Many → Get', async () => {
		const { client } = suite;
		// Channels the listing must leave out: an unverified one in the same scope, and a workspace one.
		const unverified = await client.api<{ id: string }>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`, {
			json: { channel_type: 'email', email_config: { recipient_email: 'nobody@e2e.example.com' }, event_types: ['job.completed'] },
		});
		expect(unverified.status).toBe(200);
		const workspace = await client.api<{ id: string }>('/api/v1/notifications/channels', {
			json: { channel_type: 'email', email_config: { recipient_email: 'workspace@e2e.example.com' }, event_types: ['job.completed'] },
		});
		expect(workspace.status).toBe(200);

		const run = await execute('email-channel.json');

		const [created] = nodeOutputJson(run.data, 'Create Channel');
		expect(created).toMatchObject({
			channel_type: 'email',
			enabled: false,
			workflow_id: DEFAULT_WORKFLOW_ID,
			event_types: ['job.completed', 'job.failed'],
			description: 'E2E: tell the finance team',
			email_config: { recipient_email: 'finance@e2e.example.com', verified: false },
			verification: 'pending',
		});
		const channelId = String(created.id);
		const { messages } = (await client.control<{ messages: Array<{ channel_id: string; kind: string; code?: string }> }>('/outbox')).body;
		const code = messages.find((m) => m.channel_id === channelId && m.kind === 'verification')?.code;
		expect(code).toMatch(/^\d{6}$/);

		expect(nodeOutputJson(run.data, 'Verify')).toEqual([
			expect.objectContaining({ id: channelId, workflow_id: DEFAULT_WORKFLOW_ID, verified: true }),
		]);
		const listed = nodeOutputJson(run.data, 'Get Many');
		expect(listed.map((channel) => channel.id)).toEqual([channelId]);
		expect(nodeOutputJson(run.data, 'Get')).toEqual([
			expect.objectContaining({
				id: channelId,
				enabled: true,
				workflow_id: DEFAULT_WORKFLOW_ID,
				email_config: { recipient_email: 'finance@e2e.example.com', verified: true },
			}),
		]);

		// Every call went to the workflow-scoped routes, and the code the service sent is the one verified.
		const calls = (await requests()).map((r) => ({ method: r.method, path: r.path, json: r.json, status: r.status }));
		const scoped = `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`;
		expect(calls).toEqual([
			expect.objectContaining({ method: 'POST', path: scoped, status: 200 }),
			{ method: 'POST', path: `${scoped}/${channelId}/verify`, json: { code }, status: 204 },
			expect.objectContaining({ method: 'GET', path: scoped, status: 200 }),
			expect.objectContaining({ method: 'GET', path: `${scoped}/${channelId}`, status: 200 }),
		]);
	}, 5 * 60_000);

	it('flow 6: Run Workflow uploads the files, waits for the runs and downloads their elements', async () => {
		const { emulator } = suite;
		const run = await execute('run-workflow-download.json');

		const read = nodeItems(run, 'Read Files');
		expect(read.map((item) => item.json.fileName).sort()).toEqual(Object.keys(RUN_FILES).sort());
		const elements = nodeItems(run, 'Run Workflow');
		const byFile = new Map<string, Array<Record<string, unknown>>>();
		for (const item of elements) {
			const metadata = item.json.metadata as { filename: string };
			// Each element is paired with the item whose file it came from.
			expect(read[pairedIndex(item)].json.fileName).toBe(metadata.filename);
			byFile.set(metadata.filename, [...(byFile.get(metadata.filename) ?? []), item.json]);
		}
		expect([...byFile.keys()].sort()).toEqual(Object.keys(RUN_FILES).sort());
		expect(byFile.get('contract-a.md')?.map((e) => [e.type, e.text])).toEqual([
			['Title', 'Contract A'],
			['NarrativeText', 'Alice Smith signs the lease with Acme Holdings on Monday.'],
			['NarrativeText', 'Rent is due monthly.'],
		]);
		// The service workflow's second node (named-entity recognition) ran on what was uploaded.
		const entities = (byFile.get('contract-b.md') ?? []).flatMap(
			(e) => ((e.metadata as { entities?: { items: Array<{ entity: string }> } }).entities?.items ?? []).map((i) => i.entity),
		);
		expect(entities).toEqual(expect.arrayContaining(['Bob Jones', 'Initech Systems']));

		const runs = (await requests()).filter((r) => r.method === 'POST' && r.path === `/api/v1/workflows/${serviceWorkflowId}/run`);
		expect(runs.map((r) => r.status)).toEqual([202, 202]);
		expect(runs.map((r) => r.files.map((f) => f.filename)).flat().sort()).toEqual(Object.keys(RUN_FILES).sort());
		const serviceJobs = [...emulator.store.jobs.values()].filter((job) => job.workflow_id === serviceWorkflowId);
		expect(serviceJobs.map((job) => [job.job_type, job.status])).toEqual([
			['persistent', 'COMPLETED'],
			['persistent', 'COMPLETED'],
		]);
	}, 5 * 60_000);

	it('Create Job → Wait for Job → Download Output → Get Notification Event, with a structured-extraction step', async () => {
		const run = await execute('job-steps-and-event.json');

		const [launched] = nodeOutputJson(run.data, 'Create Job');
		expect(launched).toMatchObject({ status: 'SCHEDULED', input_files: [expect.anything(), expect.anything()] });
		expect(Object.keys(launched.input_file_map as object).sort()).toEqual(Object.keys(JOB_FILES).sort());
		const jobId = String(launched.id);

		expect(nodeOutputJson(run.data, 'Wait for Job')).toEqual([expect.objectContaining({ id: jobId, status: 'COMPLETED', succeeded: true })]);

		const files = nodeOutputJson(run.data, 'Download Output');
		// The last node's file is the extracted object alone (extracted_data_only), read from the invoice's labelled lines.
		// It carries no file name, so the file id leads back to the invoice through Create Job's input_file_map.
		const nameOf = new Map(Object.entries(launched.input_file_map as Record<string, string>).map(([name, id]) => [id, name]));
		expect(files.map((f) => nameOf.get(String(f.file_id))).sort()).toEqual(Object.keys(JOB_FILES).sort());
		for (const file of files) {
			const invoice = JOB_FILES[nameOf.get(String(file.file_id)) as keyof typeof JOB_FILES];
			const [, customer, total] = /Customer: (.+)\n\nTotal due: (\d+)/.exec(invoice) ?? [];
			expect(file).toEqual({ job_id: jobId, file_id: file.file_id, node_id: expect.any(String), extracted_data: { customer, total: Number(total), paid: null } });
		}

		const [event] = nodeOutputJson(run.data, 'Get Notification Event');
		expect(event).toMatchObject({ event_type: 'job.completed', payload: { job_id: jobId, status: 'COMPLETED' }, workflow_id: null });

		// The pipeline the builder produced reached the service as job_nodes, partition first.
		const [create] = (await requests()).filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/jobs'));
		const requestData = JSON.parse(String(create.fields.request_data)) as { job_nodes: Array<Record<string, unknown>> };
		expect(requestData.job_nodes).toEqual([
			expect.objectContaining({ type: 'partition', subtype: 'vlm' }),
			expect.objectContaining({
				name: 'Invoice fields',
				type: 'structured_data_extractor',
				subtype: 'llm',
				// Saved before "Define By" existed, with a schema and guidance: it still sends its JSON Schema, and only that.
				settings: {
					schema_to_extract: { json_schema: expect.stringContaining('"customer"') },
					provider: 'anthropic',
					model: 'claude-e2e',
					output_mode: 'extracted_data_only',
				},
			}),
		]);
		const getEvent = (await requests()).filter((r) => r.path === `/api/v1/notifications/${String(event.id)}`);
		expect(getEvent.map((r) => r.status)).toEqual([200]);
	}, 5 * 60_000);

	it('the e2e workflows together use every operation of the action node', async () => {
		const { e2e } = suite;
		const action = (await e2e.rest.nodeTypes()).find((t) => t.name === ACTION);
		if (!action) throw new Error(`${ACTION} is not loaded`);
		const offered = offeredOperations(action);
		// What DESIGN.md lists, so a lost operation cannot make the check pass vacuously.
		expect(offered).toEqual(
			expect.arrayContaining([
				'job:cancel',
				'job:create',
				'job:get',
				'job:getAll',
				'job:waitForCompletion',
				'job:downloadOutput',
				'job:process',
				'document:partition',
				'workflow:run',
				'secret:register',
				'source:create',
				'notificationChannel:create',
				'notificationChannel:verify',
				'notificationChannel:getAll',
				'notificationChannel:get',
				'notificationChannel:update',
				'notificationChannel:delete',
				'notification:get',
			]),
		);
		const files = loadedWorkflowFiles();
		expect(files).toEqual(expect.arrayContaining([...WORKFLOW_FILES]));
		const used = usedOperations(action, files);
		expect(offered.filter((operation) => !used.has(operation))).toEqual([]);
	});
});
