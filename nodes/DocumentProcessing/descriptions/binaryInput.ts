import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { BinarySelection } from '../helpers/binaries';

/**
 * Input Binary Field (`binaryPropertyName`): the one definition of the field; operations give the
 * hint for what the file is, and where it shows.
 */
export function inputBinaryField(hint: string, extra: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint,
		...extra,
	};
}

/** The fields that pick an item's files; shared by every operation that uploads. */
export const binaryInputProperties: INodeProperties[] = [
	{
		displayName: 'Use All Binary Properties',
		name: 'allBinaryProperties',
		type: 'boolean',
		default: false,
		description: 'Whether to send every file the item carries instead of the named binary properties',
	},
	inputBinaryField('The name of the input binary field(s) containing the file(s) to be processed, comma-separated', {
		placeholder: 'e.g. data, attachment_0',
		displayOptions: { show: { allBinaryProperties: [false] } },
	}),
];

export function binarySelection(ctx: IExecuteFunctions, itemIndex: number): BinarySelection {
	return {
		all: ctx.getNodeParameter('allBinaryProperties', itemIndex, false) as boolean,
		names: ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
	};
}
