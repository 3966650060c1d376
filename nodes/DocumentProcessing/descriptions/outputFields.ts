import type { INodeProperties } from 'n8n-workflow';
import { textOutputOption, textOutputProperties } from './textOutput';

/** Output and its fields: at the top of Download Output and Run Workflow, in Process Files' Options. */
export const outputProperties: INodeProperties[] = [
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

/** Whether the outputs of the pipeline's last step only or of every step are output (an Options entry). */
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

/** The output entries of Options, for an operation that keeps Output there (Process Files). */
export const outputOptions: INodeProperties[] = [...outputProperties, outputStepsOption];
