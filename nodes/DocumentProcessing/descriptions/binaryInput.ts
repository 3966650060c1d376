import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { BinarySelection } from '../../helpers/binaries';

/** The fields that pick an item's files; shared by every operation that uploads. */
export const binaryInputProperties: INodeProperties[] = [
	{
		displayName: 'Use All Binary Properties',
		name: 'allBinaryProperties',
		type: 'boolean',
		default: false,
		description: 'Whether to send every file the item carries instead of the named binary properties',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data, attachment_0',
		hint: 'The name of the input binary field(s) containing the file(s) to be processed, comma-separated',
		displayOptions: { show: { allBinaryProperties: [false] } },
	},
];

export function binarySelection(ctx: IExecuteFunctions, itemIndex: number): BinarySelection {
	return {
		all: ctx.getNodeParameter('allBinaryProperties', itemIndex, false) as boolean,
		names: ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
	};
}
