/**
 * Real n8n (issue 17): n8n's AI Agent with three Document Processing Tool nodes and n8n's OpenAI
 * Chat Model pointed (through its credential's Base URL) at a scripted chat-completions server.
 * The script plays the model: it reads a document from a URL, checks a job, reads the job's output
 * as text, then answers quoting what the tools returned. The workflow is the README's agent example.
 */
import type { LoggedRequest } from '../emulator/request-log';
import { PARTITION_ONLY, requestData } from '../emulator/test-support/fixtures';
import { form } from '../emulator/test-support/client';
import { messageText, startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedTurn } from './lib/scripted-model';
import { loadWorkflow, nodeOutputJson, nodeRuns, useE2eSuite, type RunExecutionData } from './n8n';

const HANDBOOK = [
	'# Travel Handbook',
	'',
	'Book trains for trips under 600 km.',
	'',
	'| Class | Allowed |',
	'| --- | --- |',
	'| Second | always |',
	'| First | over 4 hours |',
	'',
].join('\n');

const JOB_FILE = 'Quarterly Summary\n\nRevenue grew in every region this quarter.\n';

/** Tool names are the tool nodes' names with non-word characters as underscores. */
const TOOLS = { read: 'Read_Document', status: 'Get_Job_Status', output: 'Read_Job_Output' } as const;

/** What a tool node handed back to the agent, as the agent serialises it for the model. */
function toolObservation(data: RunExecutionData, nodeName: string): string {
	const run = nodeRuns(data, nodeName)[0] as { data?: { ai_tool?: Array<Array<{ json: unknown }>> }; error?: { message?: string } } | undefined;
	if (!run) throw new Error(`tool node "${nodeName}" did not run`);
	if (run.error) throw new Error(`tool node "${nodeName}" failed: ${run.error.message ?? ''}`);
	return JSON.stringify((run.data?.ai_tool?.[0] ?? []).map((item) => item.json));
}

describe('real n8n: AI Agent with Document Processing tools', () => {
	const suite = useE2eSuite({ label: 'agent' });
	let model: ScriptedModel;
	let fileUrl = '';
	let jobId = '';

	/** One tool per turn, in order; after the third result, the answer quotes all three. */
	const script = (request: ChatRequest): ScriptedTurn => {
		const results = request.messages.filter((message) => message.role === 'tool').map(messageText);
		if (results.length === 0) return { tool: TOOLS.read, arguments: { fileUrl } };
		if (results.length === 1) return { tool: TOOLS.status, arguments: { jobId } };
		if (results.length === 2) return { tool: TOOLS.output, arguments: { jobId } };
		return { content: `DOCUMENT: ${results[0]}\nSTATUS: ${results[1]}\nOUTPUT: ${results[2]}` };
	};

	beforeAll(async () => {
		model = await startScriptedModel(script);
		const { emulator, client } = suite;
		const stored = await fetch(`${emulator.url}/_emulator/files/handbook.md`, { method: 'PUT', headers: { 'content-type': 'text/markdown' }, body: HANDBOOK });
		expect(stored.status).toBe(201);
		fileUrl = `${emulator.url}/_emulator/files/handbook.md`;
		const created = await client.api<{ id: string }>('/api/v1/jobs/', {
			form: form({ request_data: requestData(PARTITION_ONLY) }, [{ name: 'summary.txt', type: 'text/plain', content: JOB_FILE }]),
		});
		expect(created.status).toBe(200);
		jobId = created.body.id;
		await client.waitFor(
			async () => (await client.api<{ status: string }>(`/api/v1/jobs/${jobId}`)).body.status,
			(status) => status === 'COMPLETED',
			30_000,
		);
	});
	afterAll(async () => await model?.close());

	it('partitions a document from a URL, gets a job and reads its output as text, with the arguments the model chose', async () => {
		const { e2e, client } = suite;
		const credential = await suite.importEmulatorCredential();
		const openAi = await e2e.importCredential({ name: 'Scripted model', type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.baseUrl } });
		await client.control('/requests', 'DELETE');
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('agent-document-tools.json', {
				PROMPT: `Read ${fileUrl}, then tell me the status and the output of job ${jobId}.`,
				MODEL: 'scripted-model',
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
				OPENAI_CREDENTIAL_ID: openAi.id,
				OPENAI_CREDENTIAL_NAME: openAi.name,
			}),
		);

		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('success');

		// The model was offered the three tools, each with the $fromAI parameter it fills.
		const offered = model.requests[0].tools ?? [];
		expect(offered.map((tool) => tool.function.name).sort()).toEqual([TOOLS.status, TOOLS.read, TOOLS.output].sort());
		const read = offered.find((tool) => tool.function.name === TOOLS.read);
		expect(read?.function.parameters?.properties).toEqual({ fileUrl: expect.objectContaining({ type: 'string', description: 'Web address (http or https) of the document to read' }) });
		const status = offered.find((tool) => tool.function.name === TOOLS.status);
		expect(Object.keys(status?.function.parameters?.properties ?? {})).toEqual(['jobId']);
		expect(read?.function.description).toMatch(/partition|document/i);

		// The service saw what the model chose: the file from its URL, and its job id twice.
		const { body } = await client.control<{ requests: LoggedRequest[] }>('/requests');
		const partitions = body.requests.filter((request) => request.path === '/general/v0/general');
		expect(partitions).toHaveLength(1);
		expect(partitions[0].files[0]).toMatchObject({ filename: 'handbook.md', content_type: 'text/markdown' });
		const jobCalls = body.requests.filter((request) => request.path.startsWith(`/api/v1/jobs/${jobId}`)).map((request) => request.path);
		expect(jobCalls.filter((path) => path === `/api/v1/jobs/${jobId}`).length).toBeGreaterThanOrEqual(2);
		expect(jobCalls.some((path) => path.startsWith(`/api/v1/jobs/${jobId}/download`))).toBe(true);
		const hosted = await client.control<{ files: Array<{ name: string; downloads: number }> }>('/files');
		expect(hosted.body.files.find((file) => file.name === 'handbook.md')?.downloads).toBe(1);

		// What each tool produced is exactly what the model was given back.
		const toolMessages = model.requests[model.requests.length - 1].messages.filter((message) => message.role === 'tool').map(messageText);
		expect(toolMessages).toEqual([toolObservation(run.data, 'Read Document'), toolObservation(run.data, 'Get Job Status'), toolObservation(run.data, 'Read Job Output')]);

		const [document] = JSON.parse(toolMessages[0]) as Array<Record<string, unknown>>;
		expect(document).toMatchObject({ file_name: 'handbook.md', truncated: false });
		expect(document.source_url).toBe(fileUrl);
		expect(document.text).toContain('# Travel Handbook');
		expect(document.text).toContain('| Class | Allowed |\n| --- | --- |\n| Second | always |');
		expect(document).not.toHaveProperty('elements');
		const [job] = JSON.parse(toolMessages[1]) as Array<Record<string, unknown>>;
		expect(job).toMatchObject({ id: jobId, status: 'COMPLETED' });
		const [output] = JSON.parse(toolMessages[2]) as Array<Record<string, unknown>>;
		expect(output).toMatchObject({ job_id: jobId, input_file_name: 'summary.txt', truncated: false });
		expect(output.text).toContain('Revenue grew in every region this quarter.');

		// The agent's answer is the model's final text, which quotes the tools' results.
		const [answer] = nodeOutputJson(run.data, 'AI Agent');
		expect(answer.output).toBe(`DOCUMENT: ${toolMessages[0]}\nSTATUS: ${toolMessages[1]}\nOUTPUT: ${toolMessages[2]}`);
		expect(model.requests).toHaveLength(4);
		expect(JSON.stringify(run.data)).not.toContain(suite.apiKey);
	}, 5 * 60_000);
});
