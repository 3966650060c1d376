import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { updateChannel, type ChannelChanges } from '../../api/channelChanges';
import { callContextFor } from '../../api/context';
import { EVENT_TYPE_OPTIONS } from '../../webhooks/eventTypes';
import { runPerItem } from '../../helpers/items';
import { eventTypesFrom, webhookUrlFrom } from './channelFields';
import { channelIdFrom, channelLocator, scopeFrom, channelScopeProperties } from './channelScope';

const properties: INodeProperties[] = [
	...channelScopeProperties,
	channelLocator('The channel to change: from the list, or its ID as returned by Create or Get Many'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are changed; the others keep their values',
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				placeholder: 'e.g. Notify the finance team',
				description: 'Free text to recognise the channel by; empty clears it',
			},
			{
				displayName: 'Enabled',
				name: 'enabled',
				type: 'boolean',
				default: true,
				description:
					'Whether the channel receives events. An e-mail channel can only be enabled once it is verified.',
			},
			{
				displayName: 'Event Types',
				name: 'eventTypes',
				type: 'multiOptions',
				options: EVENT_TYPE_OPTIONS,
				default: [],
				description: 'Job events the channel receives from now on (replaces the current list)',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/hooks/document-events',
				description: 'Webhook channels only: the new address the service sends the events to',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['update'] } },
	properties,
);

/** Only what the user added goes into the PATCH, each field checked as Create checks it. */
function changesFrom(ctx: IExecuteFunctions, itemIndex: number): ChannelChanges {
	const fields = ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const changes: ChannelChanges = {};
	if (fields.enabled !== undefined) changes.enabled = fields.enabled === true || fields.enabled === 'true';
	if (fields.eventTypes !== undefined) changes.event_types = eventTypesFrom(ctx, itemIndex, fields.eventTypes);
	if (fields.description !== undefined) changes.description = String(fields.description).trim();
	if (fields.url !== undefined) changes.url = webhookUrlFrom(ctx, itemIndex, fields.url);
	if (Object.keys(changes).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Add at least one field under Update Fields (Enabled, Event Types, Description or URL).',
		});
	}
	return changes;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const channelId = channelIdFrom(this, itemIndex);
		const changes = changesFrom(this, itemIndex);
		return await updateChannel(await callContextFor(this, itemIndex), scope, channelId, changes);
	});
}
