/**
 * A request delivered to the trigger's webhook() in n8n-core's real WebhookContext, as n8n's
 * WebhookService.runWebhook calls it, and what n8n would answer (webhook-answer.ts).
 */
import { WebhookContext } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	IHttpRequestMethods,
	INodeParameters,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { isNodeClassInstance, UnexpectedError } from 'n8n-workflow';

import { readOutputBinary } from './binary';
import type { HarnessCredentials } from './credentials';
import type { HarnessBinaryMode } from './env';
import { withBinaryMode } from './env';
import type { HarnessQuery, HarnessRequest } from './http';
import { BodyParseError, buildRequest, HarnessResponse } from './http';
import type { AnyNodeType } from './node-types';
import { resolveNodeType } from './node-types';
import { answer } from './webhook-answer';
import {
	buildCall,
	buildWebhookData,
	declaredHttpMethod,
	setupFrom,
	webhookDescriptionOf,
	type HarnessWebhookMode,
	type WebhookSetup,
	type WebhookUrls,
} from './webhook-setup';

/** WebhookContext with the same URL override. */
class HarnessWebhookContext extends WebhookContext {
	constructor(
		args: ConstructorParameters<typeof WebhookContext>,
		private readonly webhookUrls: WebhookUrls,
	) {
		super(...args);
	}

	override getNodeWebhookUrl(name: WebhookType): string | undefined {
		const declared = resolveNodeType(this.nodeType, this.node.typeVersion).description.webhooks;
		if (!declared?.some((w) => w.name === name)) return undefined;
		return this.webhookUrls[name] ?? super.getNodeWebhookUrl(name);
	}
}

export interface HookRequest {
	headers: Record<string, string>;
	rawBody: Buffer;
	method?: IHttpRequestMethods;
	query?: HarnessQuery;
	params?: Record<string, string>;
	binaryMode?: HarnessBinaryMode;
}

export interface RunWebhookOptions extends HookRequest {
	nodeType: AnyNodeType;
	parameters: INodeParameters;
	credentials?: HarnessCredentials;
	/** Node static data (e.g. `hookHarness.staticData`, holding what create() saved). */
	staticData: IDataObject;
	globalStaticData?: IDataObject;
	/** 'trigger' (default): production webhook (execution mode 'webhook'); 'manual': test webhook. */
	mode?: HarnessWebhookMode;
	/** What `getNodeWebhookUrl('default')` returns inside webhook(); also sets the request URL. */
	webhookUrl?: string;
	webhookName?: WebhookType;
	typeVersion?: number;
	nodeName?: string;
	credentialTypes?: ICredentialType[];
}

export interface RunWebhookResult {
	/** What webhook() returned. */
	response: IWebhookResponseData;
	/** The HTTP status n8n would answer with (the node's own, when it used getResponseObject()). */
	statusCode?: number;
	/** The body n8n would answer with (see README for the rules). */
	body?: unknown;
	/** Response headers the node set. */
	headers: Record<string, string | number | string[]>;
	/** False when n8n would have refused the request before calling the node (body did not parse). */
	nodeCalled: boolean;
	/** Whether n8n would start the workflow (webhook() returned workflowData). */
	workflowStarted: boolean;
	/** The request object the node saw. */
	request: HarnessRequest;
	/** Content of `response.workflowData[outputIndex][itemIndex].binary[property]`. */
	readBinary(itemIndex: number, property?: string, outputIndex?: number): Promise<Buffer>;
}

export async function runWebhook(opts: RunWebhookOptions): Promise<RunWebhookResult> {
	return await runWebhookWith(setupFrom(opts), opts);
}

export async function runWebhookWith(setup: WebhookSetup, request: HookRequest): Promise<RunWebhookResult> {
	return await withBinaryMode(request.binaryMode ?? 'filesystem', async () => {
		const description = webhookDescriptionOf(setup);
		const resolved = resolveNodeType(setup.nodeType, setup.node.typeVersion);
		if (resolved.webhook === undefined) {
			throw new UnexpectedError('n8n harness: node type has no webhook() method');
		}
		const { workflow, additionalData } = buildCall(setup);
		const method = request.method ?? declaredHttpMethod(workflow, setup.node, description);
		const url =
			setup.webhookUrls[setup.webhookName] ??
			`http://127.0.0.1:5678/webhook/${setup.node.webhookId ?? 'harness'}/${String(description.path)}`;

		let req: HarnessRequest;
		try {
			req = buildRequest({ method, url, headers: request.headers, rawBody: request.rawBody, query: request.query, params: request.params });
		} catch (error) {
			if (!(error instanceof BodyParseError)) throw error;
			// n8n answers 422 (UnprocessableRequestError) before the node runs.
			const unparsed = buildRequest({
				method,
				url,
				headers: { ...request.headers, 'content-type': 'application/octet-stream' },
				rawBody: request.rawBody,
			});
			return {
				response: {},
				statusCode: 422,
				body: { code: 422, message: error.message },
				headers: {},
				nodeCalled: false,
				workflowStarted: false,
				request: unparsed,
				readBinary: async () => await Promise.reject(new Error('n8n harness: the node was not called')),
			};
		}
		const res = new HarnessResponse();

		// The harness request/response stand in for express's (typed `express.Request/Response`
		// in n8n-workflow); the casts only bridge that declared type.
		additionalData.httpRequest = req as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
		additionalData.httpResponse = res as unknown as IWorkflowExecuteAdditionalData['httpResponse'];

		const executionMode: WorkflowExecuteMode = setup.mode === 'trigger' ? 'webhook' : 'manual';
		const webhookData = buildWebhookData(setup, workflow, additionalData, description, method);
		const context = new HarnessWebhookContext(
			[workflow, setup.node, additionalData, executionMode, webhookData, [], null],
			setup.webhookUrls,
		);

		// As WebhookService.runWebhook: class-based nodes get the context as argument.
		const response: IWebhookResponseData = isNodeClassInstance(resolved)
			? await resolved.webhook(context)
			: await resolved.webhook.call(context);

		const { statusCode, body } = answer(workflow, setup.node, description, executionMode, response, res);
		const output = response.workflowData ?? [];
		return {
			response,
			statusCode,
			body,
			headers: res.headers,
			nodeCalled: true,
			workflowStarted: response.workflowData !== undefined,
			request: req,
			readBinary: async (itemIndex, property = 'data', outputIndex = 0) =>
				await readOutputBinary(output, itemIndex, property, outputIndex),
		};
	});
}
