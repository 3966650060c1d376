import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DEFAULT_MAX_TEXT_LENGTH, type TextOptions } from '../outputs/elementText';

/** The "Text" choice of an Output field: what an AI agent's tool should return. */
export const textOutputOption: INodePropertyOptions = {
	name: 'Text (for AI Agents)',
	value: 'text',
	description: 'One item per file with the content as one text (titles as headings, tables kept, page markers), cut to a maximum length',
};

/** The fields of the Text output, shown when the Output field is set to Text. */
export const textOutputProperties: INodeProperties[] = [
	{
		displayName: 'Text Format',
		name: 'textFormat',
		type: 'options',
		options: [
			{ name: 'Markdown', value: 'markdown', description: 'Titles as # headings, tables as Markdown tables, lists with -' },
			{ name: 'Plain Text', value: 'plain', description: 'Text only; table cells separated by |' },
		],
		default: 'markdown',
		displayOptions: { show: { outputMode: ['text'] } },
	},
	{
		displayName: 'Max Length',
		name: 'maxTextLength',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: DEFAULT_MAX_TEXT_LENGTH,
		description:
			'Longest text per item in characters (0 for no limit); longer texts are cut and end with a "[… truncated …]" marker. The default suits a language model’s context.',
		displayOptions: { show: { outputMode: ['text'] } },
	},
];

/** The Text output's fields, at the top of the panel (`at` ''), or in Options (`at` 'options.'). */
export function readTextOptions(ctx: IExecuteFunctions, itemIndex: number, at = ''): TextOptions {
	const raw: unknown = ctx.getNodeParameter(`${at}maxTextLength`, itemIndex, DEFAULT_MAX_TEXT_LENGTH);
	const maxLength = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof maxLength !== 'number' || !Number.isInteger(maxLength) || maxLength < 0) {
		throw new NodeOperationError(ctx.getNode(), `Max Length must be a whole number of 0 or more, not "${String(raw)}"`, {
			itemIndex,
			description: 'Enter a number of characters such as 20000, or 0 for no limit.',
		});
	}
	return { format: ctx.getNodeParameter(`${at}textFormat`, itemIndex, 'markdown') === 'plain' ? 'plain' : 'markdown', maxLength };
}
