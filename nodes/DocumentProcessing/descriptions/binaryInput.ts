import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
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

/**
 * The Input field of an operation that uploads: the item's named binary field(s) or all its
 * files, plus the other sources an operation has (File URL, or none); the field name follows.
 */
export function inputChoice(others: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Input',
		name: 'inputSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Binary Field', value: 'binary', description: 'The files in the binary field(s) named below' },
			{ name: 'All Binary Fields', value: 'allBinary', description: 'Every file the item carries' },
			...others,
		],
		default: 'binary',
	};
}

/** Input Binary Field of an operation that uploads, shown for Input › Binary Field. */
export const uploadBinaryField: INodeProperties = inputBinaryField('The name of the input binary field(s) containing the file(s), comma-separated', {
	placeholder: 'e.g. data, attachment_0',
	displayOptions: { show: { inputSource: ['binary'] } },
});

export function binarySelection(ctx: IExecuteFunctions, itemIndex: number): BinarySelection {
	return {
		all: ctx.getNodeParameter('inputSource', itemIndex, 'binary') === 'allBinary',
		names: ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
	};
}
