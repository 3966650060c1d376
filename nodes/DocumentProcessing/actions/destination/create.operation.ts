import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { DESTINATION_SECRET_KEYS } from '../common/connector/connectorConfig';
import { updateDisplayOptions } from 'n8n-workflow';
import { createConnector } from '../../api/connectors';
import { callContextFor, executingNode } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { jsonConfigProperties } from '../common/connector/configFields';
import { jsonPlan, requiredText, sendWithSecrets } from '../common/connector/configPlan';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'destinationName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Parsed invoices bucket',
		description: 'Name of the destination connector',
	},
	{
		displayName: 'Type Name',
		name: 'destinationType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. s3',
		description: 'The destination connector type as the service names it',
	},
	...jsonConfigProperties('{\n  "remote_url": "s3://bucket/folder/",\n  "key": "",\n  "secret": ""\n}', undefined, DESTINATION_SECRET_KEYS),
];

export const description = updateDisplayOptions({ show: { resource: ['destination'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const name = requiredText(this, 'destinationName', 'Name', itemIndex);
		const type = requiredText(this, 'destinationType', 'Type Name', itemIndex);
		// Everything is checked before the first request, so a bad field registers no orphan secret.
		const plan = jsonPlan(this, itemIndex);
		const call = await callContextFor(this, itemIndex);
		return await sendWithSecrets(executingNode(this), call, plan, async (config) => await createConnector(call, 'destination', { name, type, config }));
	});
}
