import type { BinaryHelperFunctions, IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { outputItems, outputOrigin, type OutputFile } from './elementItems';
import type { TextOptions } from './elementText';
import { outputTextItems } from './textItems';
import type { FileFailureRouting } from '../failedFiles/failureItems';

/** The one n8n helper output shaping needs, in an execution and in a resume webhook alike. */
export interface BinaryPreparer {
	helpers: Pick<BinaryHelperFunctions, 'prepareBinaryData'>;
}

export type OutputMode = 'elements' | 'files' | 'binary' | 'text';

export interface OutputSettings {
	mode: OutputMode;
	lastNodeOnly: boolean;
	binaryProperty: string;
	/** Set when the mode is `text`. */
	text?: TextOptions;
	/** How input files that failed inside a finished job come out (see jobs/finish.ts). */
	failures: FileFailureRouting;
}

function fileStem(file: OutputFile, withNode: boolean): string {
	const stem = (file.input_file_name ?? file.file_id).replace(/\.[^./\\]+$/, '');
	return withNode ? `${stem}.${file.node_id.slice(0, 8)}` : stem;
}

/** Downloaded outputs as items of the chosen shape, each paired back to the input it came from. */
export async function outputFilesToItems(
	ctx: BinaryPreparer,
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
