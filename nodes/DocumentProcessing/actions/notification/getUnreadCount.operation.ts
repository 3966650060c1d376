import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { countUnreadNotifications } from '../../api/notifications';
import { filtersProperty } from '../../descriptions/returnAll';
import { runPerItem } from '../../helpers/items';
import { eventWorkflowIdFrom, eventWorkflowIdOption } from './shared/eventFields';

const properties: INodeProperties[] = [filtersProperty([eventWorkflowIdOption])];

export const description = updateDisplayOptions({ show: { resource: ['notification'], operation: ['getUnreadCount'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const workflowId = eventWorkflowIdFrom(this, itemIndex, 'Filters', filters.workflowId);
		const answer = await countUnreadNotifications(await callContextFor(this, itemIndex), workflowId);
		return workflowId === undefined ? answer : { ...answer, workflow_id: workflowId };
	});
}
