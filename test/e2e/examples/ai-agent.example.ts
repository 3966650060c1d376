/**
 * examples/ai-agent-document-tool.json: a chat message, sent as the editor's chat panel sends it,
 * makes the scripted model call the Read Document tool with a File URL; the tool partitions the
 * document and the agent's answer quotes it.
 */
import { messageText, type ChatRequest, type ScriptedTurn } from '../lib/scripted-model';
import { nodeOutputJson } from '../n8n';
import { credentialIdsOf, importExample } from './example-import';
import { finishedExecution, runFromTrigger, type ExamplesContext } from './examples-context';

const HANDBOOK = '# Travel Handbook\n\nBook trains for trips under 600 km.\n\n## Hotels\n\nStay at most three nights without approval.\n';

export function aiAgentExample(context: () => ExamplesContext): void {
	it('AI agent: the model reads a document through the tool and the answer quotes it', async () => {
		const ctx = context();
		const { suite, model } = ctx;
		const { e2e, emulator } = suite;
		const stored = await fetch(`${emulator.url}/_emulator/files/handbook.md`, { method: 'PUT', headers: { 'content-type': 'text/markdown' }, body: HANDBOOK });
		expect(stored.status).toBe(201);
		const fileUrl = `${emulator.url}/_emulator/files/handbook.md`;
		const firstRequest = model.requests.length;
		ctx.script = (request: ChatRequest): ScriptedTurn => {
			const results = request.messages.filter((message) => message.role === 'tool').map(messageText);
			if (results.length === 0) return { tool: 'Read_Document', arguments: { fileUrl } };
			return { content: `The handbook says: ${results[0]}` };
		};

		const imported = await importExample(e2e.rest, 'ai-agent-document-tool.json', [
			{
				node: 'Read Document',
				parameter: 'options.allowPrivateUrls',
				shipped: undefined,
				value: true,
				why: 'the only place a test can serve a document from is loopback, which the tool refuses by default (and should: the model picks the address)',
			},
		]);
		expect(Object.keys(credentialIdsOf(imported.saved)).sort()).toEqual(['documentProcessingApi', 'openAiApi']);
		const executionId = await runFromTrigger(suite, imported.id, 'When Chat Message Received', {
			sessionId: 'examples-e2e',
			action: 'sendMessage',
			chatInput: `What does ${fileUrl} say about trains?`,
		});
		const execution = await finishedExecution(suite, executionId);
		expect(execution.status).toBe('success');

		const requests = model.requests.slice(firstRequest);
		expect(requests).toHaveLength(2);
		expect(messageText(requests[0].messages.find((message) => message.role === 'user') ?? { role: 'user', content: '' })).toContain(fileUrl);
		expect((requests[0].tools ?? []).map((tool) => tool.function.name)).toEqual(['Read_Document']);
		const [toolResult] = requests[1].messages.filter((message) => message.role === 'tool').map(messageText);
		const [document] = JSON.parse(toolResult) as Array<Record<string, unknown>>;
		expect(document).toMatchObject({ file_name: 'handbook.md', source_url: fileUrl, truncated: false });
		expect(String(document.text)).toContain('Book trains for trips under 600 km.');

		const [answer] = nodeOutputJson(execution.data, 'AI Agent');
		expect(String(answer.output)).toContain('Book trains for trips under 600 km.');
		expect(answer.output).toBe(`The handbook says: ${toolResult}`);
	}, 5 * 60_000);
}
