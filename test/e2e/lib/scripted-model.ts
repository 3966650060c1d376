/**
 * A stand-in for a language model: an OpenAI-compatible chat-completions server on loopback that
 * answers from a script instead of a model. n8n's OpenAI credential takes a Base URL, so its
 * OpenAI Chat Model node talks to this like to the real API (`POST /v1/chat/completions`, plain
 * JSON; the agent does not stream outside a streaming chat trigger). Every request is recorded so a
 * test can read exactly what the model was shown (tool definitions, tool results). It also answers
 * `POST /v1/embeddings` (scripted-embeddings.ts) for n8n's OpenAI Embeddings node.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingsAnswer, type EmbeddingsRequest } from './scripted-embeddings';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string; description?: string }> } };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
}

/** What the script answers: call one tool with arguments, or give the final text. */
export type ScriptedTurn = { tool: string; arguments: Record<string, unknown> } | { content: string };

export type ModelScript = (request: ChatRequest) => ScriptedTurn;

export interface ScriptedModel {
	/** Base URL for n8n's OpenAI credential, e.g. `http://127.0.0.1:4321/v1`. */
	baseUrl: string;
	/** Every chat-completions request, in arrival order. */
	readonly requests: ChatRequest[];
	/** Every embeddings request, in arrival order. */
	readonly embeddingRequests: EmbeddingsRequest[];
	close(): Promise<void>;
}

/** The text of a message, whether content came as a string or as parts. */
export function messageText(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function completion(request: ChatRequest, turn: ScriptedTurn, offered: string[]) {
	const message =
		'tool' in turn
			? {
					role: 'assistant',
					content: null,
					tool_calls: [{ id: `call_${randomUUID().slice(0, 8)}`, type: 'function', function: { name: turn.tool, arguments: JSON.stringify(turn.arguments) } }],
				}
			: { role: 'assistant', content: turn.content };
	if ('tool' in turn && !offered.includes(turn.tool)) {
		throw new Error(`the script calls tool "${turn.tool}" but the request offers only: ${offered.join(', ') || 'none'}`);
	}
	return {
		id: `chatcmpl-${randomUUID()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: request.model,
		choices: [{ index: 0, message, finish_reason: 'tool' in turn ? 'tool_calls' : 'stop', logprobs: null }],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	};
}

export async function startScriptedModel(script: ModelScript): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const embeddingRequests: EmbeddingsRequest[] = [];
	const server: Server = createServer((req, res) => {
		const reply = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		const path = (req.url ?? '').split('?')[0];
		if (req.method === 'GET' && path === '/v1/models') return reply(200, { object: 'list', data: [{ id: 'scripted-model', object: 'model', owned_by: 'test' }] });
		if (req.method === 'POST' && path === '/v1/embeddings') {
			readJson(req)
				.then((parsed) => {
					embeddingRequests.push(parsed as EmbeddingsRequest);
					reply(200, embeddingsAnswer(parsed as EmbeddingsRequest));
				})
				.catch((error: unknown) => reply(400, { error: { message: `scripted embeddings: ${(error as Error).message}`, type: 'invalid_request_error' } }));
			return;
		}
		if (req.method !== 'POST' || path !== '/v1/chat/completions') return reply(404, { error: { message: `no route ${req.method} ${path}` } });
		readJson(req)
			.then((parsed) => {
				const request = parsed as ChatRequest;
				requests.push(request);
				// n8n's agent streams only for a chat trigger set to stream; the e2e workflow has none.
				if (request.stream) throw new Error('streaming was asked for; this stand-in answers plain JSON only');
				reply(200, completion(request, script(request), (request.tools ?? []).map((tool) => tool.function.name)));
			})
			// A script failure becomes a 400 the agent reports, so the test sees it instead of a hang.
			.catch((error: unknown) => reply(400, { error: { message: `scripted model: ${(error as Error).message}`, type: 'invalid_request_error' } }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		embeddingRequests,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
