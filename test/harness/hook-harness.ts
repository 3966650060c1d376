/**
 * The trigger's webhookMethods (checkExists / create / delete) in n8n-core's real HookContext, as
 * n8n's WebhookService.runWebhookMethod calls them on activation and deactivation.
 */
import { HookContext } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	INode,
	INodeParameters,
	WebhookSetupMethodNames,
	WebhookType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { HarnessCredentials } from './credentials';
import { ensureHarnessEnvironment } from './env';
import type { AnyNodeType } from './node-types';
import { resolveNodeType } from './node-types';
import { runWebhookWith, type HookRequest, type RunWebhookResult } from './run-webhook';
import {
	buildCall,
	buildWebhookData,
	declaredHttpMethod,
	setupFrom,
	webhookDescriptionOf,
	type HarnessWebhookMode,
	type WebhookUrls,
} from './webhook-setup';

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
		const { workflow, additionalData } = buildCall(setup);
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
