/**
 * Trigger-node helpers: n8n-core's real HookContext (webhookMethods checkExists / create /
 * delete, as n8n's WebhookService.runWebhookMethod calls them on activation) and
 * WebhookContext (webhook(), as WebhookService.runWebhook calls it for an incoming request).
 */
import { HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	IHttpRequestMethods,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
	WebhookType,
	Workflow,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { isNodeClassInstance, UnexpectedError } from 'n8n-workflow';
import { randomUUID } from 'node:crypto';

import { buildAdditionalData } from './additional-data';
import { readOutputBinary } from './binary';
import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import type { HarnessBinaryMode } from './env';
import { ensureHarnessEnvironment, withBinaryMode } from './env';
import type { HarnessQuery, HarnessRequest } from './http';
import { BodyParseError, buildRequest, HarnessResponse } from './http';
import type { AnyNodeType } from './node-types';
import { resolveNodeType } from './node-types';
import { createHarnessNode, createHarnessWorkflow, nextSequence } from './workflow';

/** 'trigger': the workflow is active (production URL); 'manual': "Listen for test event" in the editor. */
export type HarnessWebhookMode = 'trigger' | 'manual';

type WebhookUrls = Partial<Record<WebhookType, string>>;

/** HookContext whose getNodeWebhookUrl returns the URL the test chose (for webhooks the node declares). */
class HarnessHookContext extends HookContext {
	constructor(
		args: ConstructorParameters<typeof HookContext>,
		private readonly webhookUrls: WebhookUrls,
	) {
		super(...args);
	}

	override getNodeWebhookUrl(name: WebhookType): string | undefined {
		if (this.getWebhookDescription(name) === undefined) return undefined;
		return this.webhookUrls[name] ?? super.getNodeWebhookUrl(name);
	}
}

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

interface WebhookSetup {
	node: INode;
	nodeType: AnyNodeType;
	credentials: HarnessCredentials;
	credentialTypes?: ICredentialType[];
	staticData: IDataObject;
	globalStaticData: IDataObject;
	webhookName: WebhookType;
	webhookUrls: WebhookUrls;
	mode: HarnessWebhookMode;
}

function webhookDescriptionOf(setup: Pick<WebhookSetup, 'node' | 'nodeType' | 'webhookName'>): IWebhookDescription {
	const { description } = resolveNodeType(setup.nodeType, setup.node.typeVersion);
	const found = description.webhooks?.find((w) => w.name === setup.webhookName);
	if (!found) {
		throw new UnexpectedError(
			`n8n harness: node type "${description.name}" declares no webhook named "${setup.webhookName}"`,
		);
	}
	return found;
}

function buildWorkflow(setup: WebhookSetup, sequence: number): Workflow {
	return createHarnessWorkflow({
		id: `harness-workflow-${sequence}`,
		node: setup.node,
		nodeType: setup.nodeType,
		nodeStaticData: setup.staticData,
		globalStaticData: setup.globalStaticData,
		active: setup.mode === 'trigger',
	});
}

function buildWebhookData(
	setup: WebhookSetup,
	workflow: Workflow,
	additionalData: IWorkflowExecuteAdditionalData,
	description: IWebhookDescription,
	httpMethod: IHttpRequestMethods,
): IWebhookData {
	const url = setup.webhookUrls[setup.webhookName];
	return {
		httpMethod,
		node: setup.node.name,
		path: url ? new URL(url).pathname.replace(/^\//, '') : String(description.path),
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: setup.node.webhookId,
		isTest: setup.mode === 'manual',
	};
}

function declaredHttpMethod(workflow: Workflow, node: INode, description: IWebhookDescription): IHttpRequestMethods {
	const value = workflow.expression.getSimpleParameterValue(node, description.httpMethod, 'internal', {}, undefined, 'GET');
	// The description may list several ("GET,POST"); n8n registers one webhook per method.
	return String(value).split(',')[0].trim() as IHttpRequestMethods;
}

// ----------------------------------------------------------------------------------------
// Hook harness (webhookMethods)
// ----------------------------------------------------------------------------------------

export interface HookHarnessOptions {
	nodeType: AnyNodeType;
	parameters: INodeParameters;
	credentials?: HarnessCredentials;
	/** What `this.getNodeWebhookUrl('default')` (or `webhookName`) returns. */
	webhookUrl: string;
	/** 'trigger' (default): activation of an active workflow; 'manual': test webhook. */
	mode?: HarnessWebhookMode;
	/** Initial node static data; mutated in place across calls. */
	staticData?: IDataObject;
	globalStaticData?: IDataObject;
	typeVersion?: number;
	nodeName?: string;
	/** Which declared webhook the methods belong to (default 'default'). */
	webhookName?: WebhookType;
	/** URLs for other declared webhooks, e.g. `{ setup: '…' }`. */
	webhookUrls?: WebhookUrls;
	credentialTypes?: ICredentialType[];
}

export interface HookRequest {
	headers: Record<string, string>;
	rawBody: Buffer;
	method?: IHttpRequestMethods;
	query?: HarnessQuery;
	params?: Record<string, string>;
	binaryMode?: HarnessBinaryMode;
}

export interface HookHarness {
	/** Runs `webhookMethods[webhookName][method]` in a fresh HookContext; returns what it returned. */
	call(method: WebhookSetupMethodNames): Promise<boolean>;
	/** n8n's activation: checkExists, then create when it returned false. Returns whether create ran. */
	activate(): Promise<boolean>;
	/** n8n's deactivation: delete. */
	deactivate(): Promise<boolean>;
	/** Delivers a request to the same node (same static data, credentials and webhook id). */
	runWebhook(request: HookRequest): Promise<RunWebhookResult>;
	/** `getWorkflowStaticData('node')`, persisted across calls. */
	readonly staticData: IDataObject;
	/** `getWorkflowStaticData('global')`. */
	readonly globalStaticData: IDataObject;
	/** The node (with its webhookId) as saved in the workflow. */
	readonly node: INode;
	/** Methods called so far, with their results. */
	readonly calls: ReadonlyArray<{ method: WebhookSetupMethodNames; result: boolean }>;
}

function setupFrom(opts: {
	nodeType: AnyNodeType;
	parameters: INodeParameters;
	credentials?: HarnessCredentials;
	credentialTypes?: ICredentialType[];
	webhookUrl?: string;
	webhookUrls?: WebhookUrls;
	webhookName?: WebhookType;
	mode?: HarnessWebhookMode;
	staticData?: IDataObject;
	globalStaticData?: IDataObject;
	typeVersion?: number;
	nodeName?: string;
	node?: INode;
}): WebhookSetup {
	const credentials = opts.credentials ?? {};
	const webhookName = opts.webhookName ?? 'default';
	const node =
		opts.node ??
		createHarnessNode({
			nodeType: opts.nodeType,
			parameters: opts.parameters,
			typeVersion: opts.typeVersion,
			nodeName: opts.nodeName,
			credentials,
			// n8n gives every webhook node a webhookId when it is added to a workflow.
			settings: { webhookId: randomUUID() },
		});
	const webhookUrls: WebhookUrls = { ...opts.webhookUrls };
	if (opts.webhookUrl !== undefined) webhookUrls[webhookName] = opts.webhookUrl;
	return {
		node,
		nodeType: opts.nodeType,
		credentials,
		credentialTypes: opts.credentialTypes,
		staticData: opts.staticData ?? {},
		globalStaticData: opts.globalStaticData ?? {},
		webhookName,
		webhookUrls,
		mode: opts.mode ?? 'trigger',
	};
}

export function createHookHarness(opts: HookHarnessOptions): HookHarness {
	const setup = setupFrom(opts);
	const description = webhookDescriptionOf(setup);
	const calls: Array<{ method: WebhookSetupMethodNames; result: boolean }> = [];

	const call = async (method: WebhookSetupMethodNames): Promise<boolean> => {
		// The environment must exist before any n8n-core config object is built by the context.
		await ensureHarnessEnvironment();
		const fn = resolveNodeType(setup.nodeType, setup.node.typeVersion).webhookMethods?.[setup.webhookName]?.[method];
		if (fn === undefined) {
			throw new UnexpectedError(`n8n harness: node has no webhookMethods.${setup.webhookName}.${method}`);
		}
		const sequence = nextSequence();
		const workflow = buildWorkflow(setup, sequence);
		const additionalData = buildAdditionalData({
			credentialsHelper: new HarnessCredentialsHelper(setup.credentials, setup.credentialTypes),
			workflowId: workflow.id,
		});
		const executionMode: WorkflowExecuteMode = setup.mode === 'trigger' ? 'trigger' : 'manual';
		const activation: WorkflowActivateMode = setup.mode === 'trigger' ? 'activate' : 'manual';
		const webhookData = buildWebhookData(
			setup,
			workflow,
			additionalData,
			description,
			declaredHttpMethod(workflow, setup.node, description),
		);
		const context = new HarnessHookContext(
			[workflow, setup.node, additionalData, executionMode, activation, webhookData],
			setup.webhookUrls,
		);
		const result = await fn.call(context);
		calls.push({ method, result });
		return result;
	};

	return {
		call,
		activate: async () => {
			if (await call('checkExists')) return false;
			await call('create');
			return true;
		},
		deactivate: async () => await call('delete'),
		runWebhook: async (request) => await runWebhookWith(setup, request),
		staticData: setup.staticData,
		globalStaticData: setup.globalStaticData,
		node: setup.node,
		calls,
	};
}

// ----------------------------------------------------------------------------------------
// webhook()
// ----------------------------------------------------------------------------------------

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

async function runWebhookWith(setup: WebhookSetup, request: HookRequest): Promise<RunWebhookResult> {
	return await withBinaryMode(request.binaryMode ?? 'filesystem', async () => {
		const description = webhookDescriptionOf(setup);
		const resolved = resolveNodeType(setup.nodeType, setup.node.typeVersion);
		if (resolved.webhook === undefined) {
			throw new UnexpectedError('n8n harness: node type has no webhook() method');
		}
		const sequence = nextSequence();
		const workflow = buildWorkflow(setup, sequence);
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

		const additionalData = buildAdditionalData({
			credentialsHelper: new HarnessCredentialsHelper(setup.credentials, setup.credentialTypes),
			workflowId: workflow.id,
		});
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

/**
 * What n8n's executeWebhook answers (packages/cli webhook-helpers):
 * - the node answered itself through getResponseObject(): that;
 * - noWebhookResponse without an answer: nothing known (undefined);
 * - no workflowData: `webhookResponse` or `{ message: 'Webhook call received' }`;
 * - workflow starts, responseMode 'onReceived' (default): responseData 'noData' → no body,
 *   `webhookResponse` if given, else `{ message: 'Workflow was started' }`;
 * - other response modes depend on the rest of the workflow: undefined.
 */
function answer(
	workflow: Workflow,
	node: INode,
	description: IWebhookDescription,
	mode: WorkflowExecuteMode,
	response: IWebhookResponseData,
	res: HarnessResponse,
): { statusCode?: number; body?: unknown } {
	if (res.responded) return { statusCode: res.statusCode, body: res.body };
	if (response.noWebhookResponse === true) return {};

	const evaluate = (value: string | boolean | undefined, fallback: string | number) =>
		value === undefined ? fallback : workflow.expression.getSimpleParameterValue(node, value, mode, {}, undefined, fallback);
	const responseCode = Number(evaluate(description.responseCode as string | undefined, 200));

	if (response.workflowData === undefined) {
		return {
			statusCode: responseCode,
			body: response.webhookResponse !== undefined ? response.webhookResponse : { message: 'Webhook call received' },
		};
	}
	const responseMode = String(evaluate(description.responseMode, 'onReceived'));
	if (responseMode !== 'onReceived') return {};
	const responseData = description.responseData === undefined ? undefined : evaluate(description.responseData, '');
	if (responseData === 'noData') return { statusCode: responseCode };
	if (response.webhookResponse !== undefined) return { statusCode: responseCode, body: response.webhookResponse };
	return { statusCode: responseCode, body: { message: 'Workflow was started' } };
}
