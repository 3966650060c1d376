import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { createWorkflow, type WorkflowFields } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { requireText } from '../../checks/validate';
import {
	checkSchedule,
	connectorProperties,
	readConnectors,
	readNodeDefinition,
	scheduleOptions,
	WORKFLOW_TYPES,
	WORKFLOW_TYPES_V3,
} from './shared/workflowFields';
import { beforeV3, optionsV3 } from '../../descriptions/versions';
import { pipelineFaces } from '../../descriptions/pipelineFields';
import { nodeSetting } from '../../helpers/nodeSetting';

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
	...beforeV3([{ displayName: 'Workflow Type', name: 'workflowType', type: 'options', options: WORKFLOW_TYPES, default: 'custom' }]),
	...connectorProperties,
	...updateDisplayOptions({ show: { workflowType: ['custom'] } }, pipelineFaces.beforeV3),
	...pipelineFaces.v3,
	...beforeV3([scheduleProperty, { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: [reprocessAll] }]),
	optionsV3([
		reprocessAll,
		scheduleProperty,
		{ displayName: 'Workflow Type', name: 'workflowType', type: 'options', options: WORKFLOW_TYPES_V3, default: 'custom' },
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const workflowType = nodeSetting(this, 'workflowType', itemIndex, 'custom');
		const fields: WorkflowFields = {
			name: requireText(this.getNode(), 'Name', this.getNodeParameter('name', itemIndex, ''), itemIndex),
			workflow_type: workflowType,
			...readConnectors(this, itemIndex),
			...(workflowType === 'custom' ? readNodeDefinition(this, itemIndex) : {}),
		};
		const schedule = nodeSetting(this, 'schedule', itemIndex, 'none');
		if (schedule !== 'none') fields.schedule = schedule;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (typeof options.reprocessAll === 'boolean') fields.reprocess_all = options.reprocessAll;
		checkSchedule(this, fields, itemIndex, fields.source_id !== undefined);
		return await createWorkflow(await callContextFor(this, itemIndex), fields);
	});
}
