import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getNotificationEvent } from '../../api/notifications';
import { runPerItem } from '../../helpers/items';
import { requireOpaqueId } from '../../checks/opaqueId';

const properties: INodeProperties[] = [
	{
		displayName: 'Notification ID',
		name: 'notificationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f6c2b1a-7d8e-4f90-a1b2-c3d4e5f60718',
		description: 'ID of the notification event, e.g. the "event_id" of a Document Processing Trigger item',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['notification'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const id = requireOpaqueId(this.getNode(), 'Notification ID', this.getNodeParameter('notificationId', itemIndex, ''), itemIndex);
		return await getNotificationEvent(await callContextFor(this, itemIndex), id);
	});
}
