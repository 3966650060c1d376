import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, IPairedItemData } from 'n8n-workflow';
import { readTextOptions, textOutputOption, textOutputProperties } from '../../../descriptions/textOutput';
import { outputItems, outputOrigin, type OutputFile } from '../../../helpers/elementItems';
import type { TextOptions } from '../../../helpers/elementText';
import { outputTextItems } from '../../../helpers/textItems';

export type OutputMode = 'elements' | 'files' | 'binary' | 'text';

export interface OutputSettings {
	mode: OutputMode;
	lastNodeOnly: boolean;
	binaryProperty: string;
	/** Set when the mode is `text`. */
	text?: TextOptions;
}

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

export function readOutputSettings(ctx: IExecuteFunctions, itemIndex: number): OutputSettings {
	const mode = ctx.getNodeParameter('outputMode', itemIndex, 'elements') as OutputMode;
	return {
		mode,
		...(mode === 'text' ? { text: readTextOptions(ctx, itemIndex) } : {}),
		lastNodeOnly: ctx.getNodeParameter('lastNodeOnly', itemIndex, true) as boolean,
		binaryProperty: (ctx.getNodeParameter('outputBinaryPropertyName', itemIndex, 'data') as string).trim() || 'data',
	};
}

function fileStem(file: OutputFile, withNode: boolean): string {
	const stem = (file.input_file_name ?? file.file_id).replace(/\.[^./\\]+$/, '');
	return withNode ? `${stem}.${file.node_id.slice(0, 8)}` : stem;
}

/** Downloaded outputs as items of the chosen shape, each paired back to the input it came from. */
export async function outputFilesToItems(
	ctx: IExecuteFunctions,
	files: OutputFile[],
	settings: OutputSettings,
	pairedItemFor: (file: OutputFile) => IPairedItemData | IPairedItemData[],
): Promise<INodeExecutionData[]> {
	if (settings.mode === 'text') return outputTextItems(files, settings.text ?? { format: 'markdown', maxLength: 0 }, pairedItemFor);
	if (settings.mode !== 'binary') return outputItems(files, settings.mode, pairedItemFor);
	return await Promise.all(
		files.map(async (file) => {
			const json: IDataObject = outputOrigin(file);
			if (file.elements) json.element_count = file.elements.length;
			// The file as the service wrote it, whatever its shape (elements or extracted data).
			const content = Buffer.from(JSON.stringify(file.content, null, 2));
			const binary = await ctx.helpers.prepareBinaryData(content, `${fileStem(file, !settings.lastNodeOnly)}.json`, 'application/json');
			return { json, binary: { [settings.binaryProperty]: binary }, pairedItem: pairedItemFor(file) };
		}),
	);
}
