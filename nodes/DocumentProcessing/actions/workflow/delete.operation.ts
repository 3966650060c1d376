import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { deleteWorkflow } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { workflowIdFrom, workflowLocator } from '../../descriptions/workflowLocator';

const properties: INodeProperties[] = [workflowLocator({ description: 'The service workflow to delete, with its schedule and its channels' })];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const workflowId = workflowIdFrom(this, itemIndex);
		await deleteWorkflow(await callContextFor(this, itemIndex), workflowId);
		return { id: workflowId, deleted: true };
	});
}
