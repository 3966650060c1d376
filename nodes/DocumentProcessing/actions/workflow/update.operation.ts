import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { updateWorkflow, type WorkflowFields } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { requireText } from '../../checks/validate';
import { workflowIdFrom, workflowLocator } from '../../descriptions/workflowLocator';
import { checkSchedule, connectorProperties, readConnectors, readNodeDefinition, scheduleOptions, WORKFLOW_TYPES } from './shared/workflowFields';
import { pipelineProperties } from '../../descriptions/pipelineFields';

const updateFields: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '' },
		{ displayName: 'Reprocess All Files', name: 'reprocessAll', type: 'boolean', default: false, description: 'Whether each run processes every file of the source' },
		{ displayName: 'Schedule', name: 'schedule', type: 'options', options: scheduleOptions, default: 'none', description: 'None removes the schedule' },
		{ displayName: 'Workflow Type', name: 'workflowType', type: 'options', options: WORKFLOW_TYPES, default: 'custom' },
	],
};

const properties: INodeProperties[] = [
	workflowLocator({ description: 'The service workflow to change' }),
	...connectorProperties.map((property) => ({ ...property, description: `${property.description}; leave empty to keep the current one` })),
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
	...updateDisplayOptions({ show: { nodes: ['replace'] } }, pipelineProperties),
	updateFields,
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['update'] } }, properties);


/** Only what the user set is sent: the service keeps the fields a PUT leaves out. */
function changesFrom(ctx: IExecuteFunctions, itemIndex: number): WorkflowFields {
	const updates = ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const fields: WorkflowFields = { ...readConnectors(ctx, itemIndex) };
	if (updates.name !== undefined) fields.name = requireText(ctx.getNode(), 'Update Fields → Name', updates.name, itemIndex);
	if (typeof updates.workflowType === 'string') fields.workflow_type = updates.workflowType;
	if (typeof updates.schedule === 'string') fields.schedule = updates.schedule === 'none' ? null : updates.schedule;
	if (typeof updates.reprocessAll === 'boolean') fields.reprocess_all = updates.reprocessAll;
	if (ctx.getNodeParameter('nodes', itemIndex, 'keep') === 'replace') Object.assign(fields, readNodeDefinition(ctx, itemIndex));
	if (Object.keys(fields).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Pick a source or destination, set Workflow Steps to Replace Steps, or add a field under Update Fields.',
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
