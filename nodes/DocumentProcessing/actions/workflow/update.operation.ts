import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { updateWorkflow, type WorkflowFields } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { requireText } from '../../checks/validate';
import { workflowIdFrom, workflowLocator } from '../../descriptions/workflowLocator';
import { checkSchedule, connectorProperties, readConnectors, readNodeDefinition, scheduleOptions, WORKFLOW_TYPES, WORKFLOW_TYPES_V3 } from './shared/workflowFields';
import { pipelineFaces } from '../../descriptions/pipelineFields';
import { beforeV3, inV3, isVersion3 } from '../../descriptions/versions';

function updateFields(workflowTypes: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			{ displayName: 'Reprocess All Files', name: 'reprocessAll', type: 'boolean', default: false, description: 'Whether each run processes every file of the source' },
			{ displayName: 'Schedule', name: 'schedule', type: 'options', options: scheduleOptions, default: 'none', description: 'None removes the schedule' },
			{ displayName: 'Workflow Type', name: 'workflowType', type: 'options', options: workflowTypes, default: 'custom' },
		],
	};
}

const properties: INodeProperties[] = [
	workflowLocator({ description: 'The service workflow to change' }),
	...connectorProperties.map((property) => ({ ...property, description: `${property.description}; leave empty to keep the current one` })),
	...beforeV3([
		{
			displayName: 'Change Workflow Nodes',
			name: 'changeNodes',
			type: 'boolean',
			default: false,
			description: 'Whether to replace the workflow’s nodes (with the fields below, JSON or a template)',
		},
	]),
	...updateDisplayOptions({ show: { changeNodes: [true] } }, pipelineFaces.beforeV3),
	...beforeV3([updateFields(WORKFLOW_TYPES)]),
	// Version 3: the yes/no field as a named choice.
	...inV3([
		{
			displayName: 'Workflow Steps',
			name: 'nodes',
			type: 'options',
			options: [
				{ name: 'Keep Current Steps', value: 'keep' },
				{ name: 'Replace Steps', value: 'replace', description: 'With the Partitioning and Further Steps below' },
			],
			default: 'keep',
		},
	]),
	...updateDisplayOptions({ show: { nodes: ['replace'] } }, pipelineFaces.v3),
	...inV3([updateFields(WORKFLOW_TYPES_V3)]),
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['update'] } }, properties);

/** Change Workflow Nodes (versions 1 and 2) or Workflow Steps › Replace Steps (version 3). */
function replacesNodes(ctx: IExecuteFunctions, itemIndex: number): boolean {
	if (ctx.getNodeParameter('changeNodes', itemIndex, false) === true) return true;
	return ctx.getNodeParameter('nodes', itemIndex, 'keep') === 'replace';
}

/** The field that replaces the steps, as this node's version shows it. */
function replaceStepsHint(ctx: IExecuteFunctions): string {
	return isVersion3(ctx.getNode()) ? 'set Workflow Steps to Replace Steps' : 'turn on Change Workflow Nodes';
}

/** Only what the user set is sent: the service keeps the fields a PUT leaves out. */
function changesFrom(ctx: IExecuteFunctions, itemIndex: number): WorkflowFields {
	const updates = ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const fields: WorkflowFields = { ...readConnectors(ctx, itemIndex) };
	if (updates.name !== undefined) fields.name = requireText(ctx.getNode(), 'Update Fields → Name', updates.name, itemIndex);
	if (typeof updates.workflowType === 'string') fields.workflow_type = updates.workflowType;
	if (typeof updates.schedule === 'string') fields.schedule = updates.schedule === 'none' ? null : updates.schedule;
	if (typeof updates.reprocessAll === 'boolean') fields.reprocess_all = updates.reprocessAll;
	if (replacesNodes(ctx, itemIndex)) Object.assign(fields, readNodeDefinition(ctx, itemIndex));
	if (Object.keys(fields).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Nothing to update', {
			itemIndex,
			description: `Pick a source or destination, ${replaceStepsHint(ctx)}, or add a field under Update Fields.`,
		});
	}
	return fields;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const workflowId = workflowIdFrom(this, itemIndex);
		const fields = changesFrom(this, itemIndex);
		// A schedule set here with no source in this call may still be fine: the workflow may have one.
		checkSchedule(this, fields, itemIndex, true);
		return await updateWorkflow(await callContextFor(this, itemIndex), workflowId, fields);
	});
}
