import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { createChannel, type ChannelInput } from '../../api/channels';
import { callContextFor } from '../../api/context';
import { channelTypeProperty } from '../../descriptions/channelType';
import { EVENT_TYPE_OPTIONS } from '../../webhooks/eventTypes';
import { runPerItem } from '../../helpers/items';
import { eventTypesFrom, webhookUrlFrom } from './channelFields';
import { scopeFrom, channelScopeProperties } from './channelScope';
import { signingSecretFrom, signingSecretProperties } from './signingSecret';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const properties: INodeProperties[] = [
	...channelScopeProperties,
	channelTypeProperty(),
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/hooks/document-events',
		description: 'Address the service sends the events to; it must be reachable from the service',
		displayOptions: { show: { channelType: ['webhook'] } },
	},
	...signingSecretProperties,
	{
		displayName: 'Recipient E-Mail',
		name: 'recipientEmail',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. name@email.com',
		description: 'Address that receives the events; the service first sends it a six-digit verification code',
		displayOptions: { show: { channelType: ['email'] } },
	},
	{
		displayName: 'Event Types',
		name: 'eventTypes',
		type: 'multiOptions',
		required: true,
		options: EVENT_TYPE_OPTIONS,
		default: ['job.completed'],
		description: 'Job events the channel receives',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'e.g. Notify the finance team',
		description: 'Free text to recognise the channel by',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['create'] } },
	properties,
);

async function channelInputFrom(ctx: IExecuteFunctions, itemIndex: number): Promise<ChannelInput> {
	const channelType = ctx.getNodeParameter('channelType', itemIndex) as string;
	const eventTypes = eventTypesFrom(ctx, itemIndex, ctx.getNodeParameter('eventTypes', itemIndex, []));
	const text = String(ctx.getNodeParameter('description', itemIndex, '')).trim();
	const described = text ? { description: text } : {};
	if (channelType === 'email') {
		const email = String(ctx.getNodeParameter('recipientEmail', itemIndex, '')).trim();
		if (!EMAIL.test(email)) {
			throw new NodeOperationError(ctx.getNode(), email ? `Recipient E-Mail "${email}" is not an e-mail address` : 'Recipient E-Mail is empty', {
				itemIndex,
				description: 'Enter an address such as name@example.com.',
			});
		}
		return { channel_type: 'email', email_config: { recipient_email: email }, event_types: eventTypes, ...described };
	}
	const url = webhookUrlFrom(ctx, itemIndex, ctx.getNodeParameter('url', itemIndex, ''));
	const secret = await signingSecretFrom(ctx, itemIndex);
	return { channel_type: 'webhook', url, ...(secret === undefined ? {} : { secret }), event_types: eventTypes, ...described };
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const input = await channelInputFrom(this, itemIndex);
		const created = await createChannel(await callContextFor(this, itemIndex), scope, input);
		const { channel } = created;
		if (input.channel_type === 'email') {
			return {
				...channel,
				verification: channel.enabled ? 'not needed' : 'pending',
				message: channel.enabled
					? 'The e-mail channel is active.'
					: `The e-mail channel is disabled until it is verified: the service sent a six-digit code to ${input.email_config.recipient_email}. Run Verify with that code and this channel's ID.`,
			};
		}
		if (input.secret === undefined && created.secret !== undefined) {
			return {
				...channel,
				message:
					'The service chose a signing secret for this channel; it is not shown, to keep it out of execution data. To verify deliveries, create the channel with Signing Secret Input › Credential, or use the Document Processing Trigger, which manages its own.',
			};
		}
		return channel;
	});
}
