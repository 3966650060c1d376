import type { INodeProperties } from 'n8n-workflow';
import { textOutputOption, textOutputProperties } from './textOutput';

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
	{
		displayName: 'Final Node Only',
		name: 'lastNodeOnly',
		type: 'boolean',
		default: true,
		description: 'Whether to return only what the pipeline’s last node produced, leaving out intermediate nodes’ outputs',
	},
];
