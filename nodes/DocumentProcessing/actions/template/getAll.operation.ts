import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { listTemplates } from '../../api/templates';
import { limitResults, returnAllProperties } from '../../descriptions/returnAll';
import { runPerItem } from '../../helpers/items';

const properties: INodeProperties[] = [...returnAllProperties];

export const description = updateDisplayOptions({ show: { resource: ['template'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		return limitResults(this, itemIndex, await listTemplates(await callContextFor(this, itemIndex)));
	});
}
