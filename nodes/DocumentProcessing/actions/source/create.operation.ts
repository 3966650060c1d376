import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { createConnector } from '../../api/connectors';
import { callContextFor, executingNode } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { connectorTypeProperty, driveConfigProperties, jsonConfigProperties, readConfigPlan } from '../common/connector/configFields';
import { GOOGLE_DRIVE, requiredText, sendWithSecrets } from '../common/connector/configPlan';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'sourceName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Invoices drive',
		description: 'Name of the source connector',
	},
	connectorTypeProperty,
	{
		displayName: 'Type Name',
		name: 'customType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. s3',
		description: 'The connector type as the service names it',
		displayOptions: { show: { connectorType: ['other'] } },
	},
	...driveConfigProperties,
	...jsonConfigProperties('{\n}', { connectorType: ['other'] }),
];

export const description = updateDisplayOptions({ show: { resource: ['source'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const name = requiredText(this, 'sourceName', 'Name', itemIndex);
		const connectorType = this.getNodeParameter('connectorType', itemIndex, GOOGLE_DRIVE) as string;
		const type = connectorType === 'other' ? requiredText(this, 'customType', 'Type Name', itemIndex) : GOOGLE_DRIVE;
		// Everything is checked before the first request, so a bad field registers no orphan secret.
		const plan = await readConfigPlan(this, itemIndex);
		const call = await callContextFor(this, itemIndex);
		return await sendWithSecrets(executingNode(this), call, plan, async (config) => await createConnector(call, 'source', { name, type, config }));
	});
}
