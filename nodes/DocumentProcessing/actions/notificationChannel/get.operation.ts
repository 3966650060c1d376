import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getChannel } from '../../api/channels';
import { callContextFor } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { channelIdFrom, channelLocator, scopeFrom, channelScopeProperties } from './channelScope';

const properties: INodeProperties[] = [...channelScopeProperties, channelLocator()];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const channelId = channelIdFrom(this, itemIndex);
		return await getChannel(await callContextFor(this, itemIndex), scope, channelId);
	});
}
