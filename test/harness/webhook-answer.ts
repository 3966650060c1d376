/** The answer n8n gives the sender of a webhook request, from what the node's webhook() returned. */
import type { INode, IWebhookDescription, IWebhookResponseData, Workflow, WorkflowExecuteMode } from 'n8n-workflow';

import type { HarnessResponse } from './http';

/**
 * What n8n's executeWebhook answers (packages/cli webhook-helpers):
 * - the node answered itself through getResponseObject(): that;
 * - noWebhookResponse without an answer: nothing known (undefined);
 * - no workflowData: `webhookResponse` or `{ message: 'Webhook call received' }`;
 * - workflow starts, responseMode 'onReceived' (default): responseData 'noData' → no body,
 *   `webhookResponse` if given, else `{ message: 'Workflow was started' }`;
 * - other response modes depend on the rest of the workflow: undefined.
 */
export function answer(
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
