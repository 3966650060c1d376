import type { ExecutionLifecycleHooks } from 'n8n-core';
import { ExternalSecretsProxy } from 'n8n-core';
import type { IDataObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials';

/** Base URL the harness's fake n8n instance claims to live at (never contacted). */
export const HARNESS_INSTANCE_URL = 'http://127.0.0.1:5678';

function unsupported(what: string): never {
	throw new UnexpectedError(`n8n harness: ${what} is not available in the test harness`);
}

/**
 * The per-execution bag n8n's CLI builds in WorkflowExecuteAdditionalData.getBase():
 * URLs, credentials helper, lifecycle hooks, variables. Sub-workflows, task runners and
 * AI agents are not part of this package's nodes, so those entry points throw.
 */
export function buildAdditionalData(opts: {
	credentialsHelper: HarnessCredentialsHelper;
	executionId?: string;
	workflowId: string;
	hooks?: ExecutionLifecycleHooks;
	variables?: IDataObject;
}): IWorkflowExecuteAdditionalData {
	const base = HARNESS_INSTANCE_URL;
	return {
		credentialsHelper: opts.credentialsHelper,
		executionId: opts.executionId,
		workflowId: opts.workflowId,
		hooks: opts.hooks,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: opts.variables ?? {},
		externalSecretsProxy: new ExternalSecretsProxy(),
		logAiEvent: () => {},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executeWorkflow: async () => unsupported('executeWorkflow (sub-workflows)'),
		startRunnerTask: async () => unsupported('startRunnerTask (task runners)'),
	};
}
