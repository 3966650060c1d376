import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { isUuid } from '../checks/validate';
import { idLocator, locatorText, UUID_IN_TEXT } from './resourceLocators';

/**
 * The service-workflow locator shared by the action node and the trigger (which may not import
 * actions/): from the list, by id, or by a URL of the service's UI that contains the id. It opens
 * on From list, as every picker does.
 */
export function workflowLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return idLocator(
		{
			displayName: 'Workflow',
			name: 'workflowId',
			description: 'The service workflow: pick it from the list, or give its ID or a URL that contains its ID',
			searchListMethod: 'searchWorkflows',
			noun: 'workflow',
			idPlaceholder: 'e.g. 5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10',
			uuid: true,
			urlPlaceholder: 'e.g. https://platform.docservice.example/app/workflows/5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10',
		},
		overrides,
	);
}

/** The workflow id in a locator's value (as read with `extractValue: true`), checked locally. */
export function workflowIdFromValue(node: INode, raw: unknown, itemIndex?: number): string {
	const text = locatorText(raw);
	const found = new RegExp(UUID_IN_TEXT).exec(text)?.[0];
	const id = isUuid(text) ? text : found;
	if (!id) {
		throw new NodeOperationError(node, text ? `Workflow "${text}" is not a workflow ID or a URL containing one` : 'Workflow is empty', {
			itemIndex,
			description: 'Enter the workflow’s ID (a UUID) or paste a URL of the workflow that contains it.',
		});
	}
	return id;
}

export function workflowIdFrom(ctx: IExecuteFunctions, itemIndex: number, parameter = 'workflowId'): string {
	return workflowIdFromValue(ctx.getNode(), ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true }), itemIndex);
}
