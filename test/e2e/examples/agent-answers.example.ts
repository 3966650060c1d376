/**
 * examples/agent-answers-from-documents.json, run after the vector-store example filled the
 * store they share: the scripted model calls the Search Documents tool, and the passage the tool
 * returns carries the file name and page range the Document Processing Loader stored, which the
 * answer cites.
 */
import { messageText, type ChatRequest, type ScriptedTurn } from '../lib/scripted-model';
import { nodeOutputJson } from '../n8n';
import { credentialIdsOf, importExample, readExample, triggersWithoutWebhookIds } from './example-import';
import { finishedExecution, runFromTrigger, type ExamplesContext } from './examples-context';
import { REFUND } from './vector-store.example';

/** The first stored document in a tool result, whether the agent passed it on as JSON once or twice. */
function firstDocument(toolResult: string): { pageContent: string; metadata: Record<string, unknown> } {
	let value: unknown = JSON.parse(toolResult);
	while (typeof value === 'string' || Array.isArray(value) || (typeof value === 'object' && value !== null && 'text' in value)) {
		if (typeof value === 'string') value = JSON.parse(value);
		else if (Array.isArray(value)) value = value[0];
		else value = (value as { text: unknown }).text;
	}
	return value as { pageContent: string; metadata: Record<string, unknown> };
}

export function agentAnswersExample(context: () => ExamplesContext): void {
	it('Agent answering from documents: the tool finds the passage and the answer cites its file and page', async () => {
		const ctx = context();
		const { suite, model } = ctx;
		expect(triggersWithoutWebhookIds(readExample('agent-answers-from-documents.json'))).toEqual(['When Chat Message Received']);
		const firstRequest = model.requests.length;
		ctx.script = (request: ChatRequest): ScriptedTurn => {
			const results = request.messages.filter((message) => message.role === 'tool').map(messageText);
			if (results.length === 0) return { tool: 'Search_Documents', arguments: { input: 'refund policy for customers' } };
			const document = firstDocument(results[0]);
			return { content: `${document.pageContent} (${String(document.metadata.file_name)}, page ${String(document.metadata.page_range)})` };
		};
		const imported = await importExample(suite.e2e.rest, 'agent-answers-from-documents.json');
		expect(Object.keys(credentialIdsOf(imported.saved))).toEqual(['openAiApi']);
		const executionId = await runFromTrigger(suite, imported.id, 'When Chat Message Received', { sessionId: 'examples-e2e-answers', action: 'sendMessage', chatInput: 'What is the refund policy?' });
		const execution = await finishedExecution(suite, executionId);
		expect(execution.status).toBe('success');

		const requests = model.requests.slice(firstRequest);
		expect(requests).toHaveLength(2);
		expect((requests[0].tools ?? []).map((tool) => tool.function.name)).toEqual(['Search_Documents']);
		const document = firstDocument(requests[1].messages.filter((message) => message.role === 'tool').map(messageText)[0] ?? '""');
		expect(document.pageContent).toContain(REFUND);
		expect(document.metadata).toMatchObject({ file_name: 'store-terms.pdf', page_range: '1-2', section_title: 'Refund Policy' });
		const [answer] = nodeOutputJson(execution.data, 'AI Agent');
		expect(String(answer.output)).toContain('(store-terms.pdf, page 1-2)');
	}, 5 * 60_000);
}
