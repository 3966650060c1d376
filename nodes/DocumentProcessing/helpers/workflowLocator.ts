import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { isUuid } from './validate';

/**
 * The service-workflow locator shared by the action node and the trigger (which may not import
 * actions/): by id, or by a URL of the service's UI that contains the id.
 */
const UUID_IN_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export function workflowLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Workflow',
		name: 'workflowId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: 'The service workflow, by ID or by a URL that contains its ID',
		modes: [
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10',
				validation: [
					{ type: 'regex', properties: { regex: `^\\s*${UUID_IN_TEXT}\\s*$`, errorMessage: 'Not a valid workflow ID' } },
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://platform.docservice.example/app/workflows/5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10',
				extractValue: { type: 'regex', regex: `(${UUID_IN_TEXT})` },
				validation: [
					{ type: 'regex', properties: { regex: `.*${UUID_IN_TEXT}.*`, errorMessage: 'The URL contains no workflow ID' } },
				],
			},
		],
		...overrides,
	};
}

/** The workflow id in a locator's value (as read with `extractValue: true`), checked locally. */
export function workflowIdFromValue(node: INode, raw: unknown, itemIndex?: number): string {
	const text =
		typeof raw === 'string' ? raw.trim() : typeof raw === 'object' && raw !== null ? String((raw as { value?: unknown }).value ?? '').trim() : '';
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
