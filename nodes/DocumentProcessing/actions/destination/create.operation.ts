import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonConfigProperties } from '../common/connector/configFields';
import { DESTINATION_SECRET_KEYS } from '../common/connector/connectorConfig';
import { jsonPlan, requiredText } from '../common/connector/configPlan';
import { createOperation } from '../common/connector/connectorOperations';
import { DESTINATION } from './shared/destinationId';

/** Versions 1 and 2: the type by name, the config as JSON. */
const legacyProperties: INodeProperties[] = [
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

function legacyPlan(ctx: IExecuteFunctions, itemIndex: number) {
	return { type: requiredText(ctx, 'destinationType', 'Type Name', itemIndex), plan: jsonPlan(ctx, itemIndex) };
}

export const { description, execute } = createOperation(
	DESTINATION,
	{
		displayName: 'Name',
		name: 'destinationName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Parsed invoices bucket',
		description: 'Name of the destination connector',
	},
	legacyProperties,
	legacyPlan,
);
