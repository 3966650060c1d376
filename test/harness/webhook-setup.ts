/**
 * What the trigger helpers share: one trigger node as saved in a workflow (node, credentials,
 * static data, webhook URLs, mode) and the n8n objects built from it for each call (workflow,
 * webhook data, the declared webhook and its HTTP method).
 */
import type {
	ICredentialType,
	IDataObject,
	IHttpRequestMethods,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookDescription,
	IWorkflowExecuteAdditionalData,
	WebhookType,
	Workflow,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';
import { randomUUID } from 'node:crypto';

import { buildAdditionalData } from './additional-data';
import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import type { AnyNodeType } from './node-types';
import { resolveNodeType } from './node-types';
import { createHarnessNode, createHarnessWorkflow, nextSequence } from './workflow';

/** 'trigger': the workflow is active (production URL); 'manual': "Listen for test event" in the editor. */
export type HarnessWebhookMode = 'trigger' | 'manual';

export type WebhookUrls = Partial<Record<WebhookType, string>>;

export interface WebhookSetup {
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

export function webhookDescriptionOf(setup: Pick<WebhookSetup, 'node' | 'nodeType' | 'webhookName'>): IWebhookDescription {
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

/** What n8n builds afresh for every call to the node: the workflow holding it, and the additional data with its credentials. */
export function buildCall(setup: WebhookSetup): { workflow: Workflow; additionalData: IWorkflowExecuteAdditionalData } {
	const workflow = buildWorkflow(setup, nextSequence());
	const additionalData = buildAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(setup.credentials, setup.credentialTypes),
		workflowId: workflow.id,
	});
	return { workflow, additionalData };
}

export function buildWebhookData(
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

export function declaredHttpMethod(workflow: Workflow, node: INode, description: IWebhookDescription): IHttpRequestMethods {
	const value = workflow.expression.getSimpleParameterValue(node, description.httpMethod, 'internal', {}, undefined, 'GET');
	// The description may list several ("GET,POST"); n8n registers one webhook per method.
	return String(value).split(',')[0].trim() as IHttpRequestMethods;
}

export function setupFrom(opts: {
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
