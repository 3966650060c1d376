import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getTemplate } from '../../api/templates';
import { pickedId, templateLocator } from '../../descriptions/pickers';
import { runPerItem } from '../../helpers/items';

const properties: INodeProperties[] = [templateLocator({ description: 'The template to read, with its nodes' })];

export const description = updateDisplayOptions({ show: { resource: ['template'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		return await getTemplate(await callContextFor(this, itemIndex), pickedId(this, 'templateId', 'Template', itemIndex));
	});
}
