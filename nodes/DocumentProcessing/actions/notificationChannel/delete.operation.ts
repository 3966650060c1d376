import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { removeChannel } from '../../api/channelChanges';
import { callContextFor } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { channelIdFrom, channelLocator, scopeFrom, channelScopeProperties } from './channelScope';

const properties: INodeProperties[] = [
	...channelScopeProperties,
	channelLocator('The channel to delete: from the list, or its ID as returned by Create or Get Many'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const channelId = channelIdFrom(this, itemIndex);
		await removeChannel(await callContextFor(this, itemIndex), scope, channelId);
		return { id: channelId, ...(scope.workflowId !== undefined ? { workflow_id: scope.workflowId } : {}), deleted: true };
	});
}
