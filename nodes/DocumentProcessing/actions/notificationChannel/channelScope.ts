import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ChannelScope } from '../../api/channels';
import { scopeProperties } from '../../descriptions/scope';
import { requireOpaqueId } from '../../checks/opaqueId';
import { idLocator, locatorText } from '../../descriptions/resourceLocators';
import { workflowIdFrom } from '../../descriptions/workflowLocator';

/** Every channel operation works on workspace channels or on the channels of one workflow. */
export const channelScopeProperties: INodeProperties[] = scopeProperties({
	workspace: 'Channels that receive events of the jobs of all workflows',
	workflow: 'Channels that only receive events of the jobs of one workflow',
	locator: 'The service workflow whose channels to use, by ID or by a URL that contains its ID',
});

export function scopeFrom(ctx: IExecuteFunctions, itemIndex: number): ChannelScope {
	const scope = ctx.getNodeParameter('scope', itemIndex) as string;
	return scope === 'workflow' ? { workflowId: workflowIdFrom(ctx, itemIndex) } : {};
}

export function channelIdFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('channelId', itemIndex, '', { extractValue: true });
	return requireOpaqueId(ctx.getNode(), 'Channel ID', locatorText(raw), itemIndex);
}

/** The channel field: a locator listing the channels of the chosen scope. */
export function channelLocator(description = 'ID of the notification channel, as returned by Create or Get Many'): INodeProperties {
	return idLocator({
		displayName: 'Channel',
		name: 'channelId',
		description,
		searchListMethod: 'searchChannels',
		noun: 'channel',
		idPlaceholder: 'e.g. 8d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
		uuid: false,
	});
}
