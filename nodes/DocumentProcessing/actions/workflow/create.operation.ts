import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { createWorkflow, type WorkflowFields } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { requireText } from '../../checks/validate';
import { checkSchedule, connectorProperties, readConnectors, readNodeDefinition, scheduleOptions, WORKFLOW_TYPES } from './shared/workflowFields';
import { operationOptions } from '../../descriptions/operationOptions';
import { pipelineProperties } from '../../descriptions/pipelineFields';

const scheduleProperty: INodeProperties = {
	displayName: 'Schedule',
	name: 'schedule',
	type: 'options',
	options: scheduleOptions,
	default: 'none',
	description: 'When the service runs the workflow by itself (needs a source connector)',
};

const reprocessAll: INodeProperties = {
	displayName: 'Reprocess All Files',
	name: 'reprocessAll',
	type: 'boolean',
	default: false,
	description: 'Whether each run processes every file of the source, instead of only new or changed files',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Invoices to JSON',
		description: 'A name for the workflow, unique in the account',
	},
	...connectorProperties,
	...pipelineProperties,
	operationOptions([reprocessAll, scheduleProperty, { displayName: 'Workflow Type', name: 'workflowType', type: 'options', options: WORKFLOW_TYPES, default: 'custom' }]),
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const workflowType = typeof options.workflowType === 'string' ? options.workflowType : 'custom';
		const fields: WorkflowFields = {
			name: requireText(this.getNode(), 'Name', this.getNodeParameter('name', itemIndex, ''), itemIndex),
			workflow_type: workflowType,
			...readConnectors(this, itemIndex),
			...(workflowType === 'custom' ? readNodeDefinition(this, itemIndex) : {}),
		};
		if (typeof options.schedule === 'string' && options.schedule !== 'none') fields.schedule = options.schedule;
		if (typeof options.reprocessAll === 'boolean') fields.reprocess_all = options.reprocessAll;
		checkSchedule(this, fields, itemIndex, fields.source_id !== undefined);
		return await createWorkflow(await callContextFor(this, itemIndex), fields);
	});
}
