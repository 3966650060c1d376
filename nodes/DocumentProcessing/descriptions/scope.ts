import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ChannelScope } from '../../api/channels';
import { requireOpaqueId } from '../../helpers/opaqueId';
import { workflowIdFrom, workflowLocator } from '../../helpers/workflowLocator';

/** Every channel operation works on workspace channels or on the channels of one workflow. */
export const scopeProperties: INodeProperties[] = [
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'Workspace',
				value: 'workspace',
				description: 'Channels that receive events of the jobs of all workflows',
			},
			{
				name: 'One Workflow',
				value: 'workflow',
				description: 'Channels that only receive events of the jobs of one workflow',
			},
		],
		default: 'workspace',
	},
	workflowLocator({
		description: 'The service workflow whose channels to use, by ID or by a URL that contains its ID',
		displayOptions: { show: { scope: ['workflow'] } },
	}),
];

export function scopeFrom(ctx: IExecuteFunctions, itemIndex: number): ChannelScope {
	const scope = ctx.getNodeParameter('scope', itemIndex) as string;
	return scope === 'workflow' ? { workflowId: workflowIdFrom(ctx, itemIndex) } : {};
}

export function channelIdFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireOpaqueId(ctx.getNode(), 'Channel ID', ctx.getNodeParameter('channelId', itemIndex, ''), itemIndex);
}

export const channelIdProperty: INodeProperties = {
	displayName: 'Channel ID',
	name: 'channelId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 8d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
	description: 'ID of the notification channel, as returned by Create or Get Many',
};
