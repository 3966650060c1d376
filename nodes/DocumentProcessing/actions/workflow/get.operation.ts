import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getWorkflow } from '../../api/workflows';
import { runPerItem } from '../../helpers/items';
import { workflowIdFrom, workflowLocator } from '../../descriptions/workflowLocator';

const properties: INodeProperties[] = [workflowLocator()];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		return await getWorkflow(await callContextFor(this, itemIndex), workflowIdFrom(this, itemIndex));
	});
}
