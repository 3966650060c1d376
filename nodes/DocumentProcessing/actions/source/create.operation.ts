import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { connectorTypeProperty, driveConfigProperties, jsonConfigProperties, readConfigPlan } from '../common/connector/configFields';
import { GOOGLE_DRIVE, requiredText } from '../common/connector/configPlan';
import { createOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

/** Versions 1 and 2: Google Drive's own fields, any other type as JSON. */
const legacyProperties: INodeProperties[] = [
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

async function legacyPlan(ctx: IExecuteFunctions, itemIndex: number) {
	const connectorType = ctx.getNodeParameter('connectorType', itemIndex, GOOGLE_DRIVE) as string;
	const type = connectorType === 'other' ? requiredText(ctx, 'customType', 'Type Name', itemIndex) : GOOGLE_DRIVE;
	return { type, plan: await readConfigPlan(ctx, itemIndex) };
}

export const { description, execute } = createOperation(
	SOURCE,
	{
		displayName: 'Name',
		name: 'sourceName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Invoices drive',
		description: 'Name of the source connector',
	},
	legacyProperties,
	legacyPlan,
);
