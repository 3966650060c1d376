import type { INodeProperties } from 'n8n-workflow';
import { textOutputOption, textOutputProperties } from './textOutput';
import { byVersion } from './versions';

const outputFields: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'outputMode',
		type: 'options',
		options: [
			{
				name: 'One Item per Element',
				value: 'elements',
				description: 'Each element (title, paragraph, table, …) becomes an item; extracted data alone gives one item per extracted record',
			},
			{
				name: 'One Item per Output File',
				value: 'files',
				description: 'Each output file becomes an item with its "elements" and, after an extraction step, its "extracted_data"',
			},
			{ name: 'Output File as Binary', value: 'binary', description: 'Each output file becomes a JSON file in a binary field' },
			textOutputOption,
		],
		default: 'elements',
	},
	...textOutputProperties,
	{
		displayName: 'Put Output File in Field',
		name: 'outputBinaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show: { outputMode: ['binary'] } },
	},
];

const finalNodeOnly: INodeProperties = {
	displayName: 'Final Node Only',
	name: 'lastNodeOnly',
	type: 'boolean',
	default: true,
	description: 'Whether to return only what the pipeline’s last node produced, leaving out intermediate nodes’ outputs',
};

/** Output fields of versions 1 and 2, all at the top. */
export const outputPropertiesBeforeV3: INodeProperties[] = [...outputFields, finalNodeOnly];

/** Output fields at the top (Download Output, Run Workflow): version 3 moves Final Node Only into Options. */
export const outputProperties: INodeProperties[] = byVersion(outputPropertiesBeforeV3, outputFields);

/** Version 3's Final Node Only, as a named choice in Options. */
export const outputStepsOption: INodeProperties = {
	displayName: 'Results Of',
	name: 'outputSteps',
	type: 'options',
	options: [
		{ name: 'Last Step Only', value: 'last', description: 'What the pipeline’s last step produced' },
		{ name: 'Every Step', value: 'all', description: 'Also the outputs of the steps before it' },
	],
	default: 'last',
};

/** Version 3's output entries of Options, for operations that keep Output there (Process Files). */
export const outputOptionsV3: INodeProperties[] = [...outputFields, outputStepsOption];
