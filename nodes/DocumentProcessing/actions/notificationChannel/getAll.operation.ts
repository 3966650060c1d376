import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { listChannels, type ChannelType } from '../../api/channels';
import { callContextFor } from '../../api/context';
import { channelTypeProperty } from '../../descriptions/channelType';
import { filtersProperty, limitResults, returnAllProperties } from '../../descriptions/returnAll';
import { runPerItem } from '../../helpers/items';
import { scopeFrom, channelScopeProperties } from './channelScope';

const properties: INodeProperties[] = [
	...channelScopeProperties,
	channelTypeProperty({ description: 'The service lists one type of channel at a time' }),
	...returnAllProperties,
	filtersProperty([
		{
			displayName: 'Enabled',
			name: 'enabled',
			type: 'boolean',
			default: true,
			description: 'Whether to return only enabled channels (on) or only disabled ones (off)',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const channelType = this.getNodeParameter('channelType', itemIndex) as ChannelType;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const enabled = typeof filters.enabled === 'boolean' ? filters.enabled : undefined;
		const channels = await listChannels(await callContextFor(this, itemIndex), scope, { channelType, enabled });
		return limitResults(this, itemIndex, channels);
	});
}
