import type { IBinaryData, IDataObject, INodeExecutionData, ISupplyDataFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { callContextFor } from '../api/context';
import { partitionDocument } from '../api/partition';
import type { PartitionParameters } from '../api/partitionForm';
import { describeFile, MAX_FILE_BYTES, type InputFile } from '../helpers/binaries';
import { fileDocuments, type DocumentOptions, type LoaderDocument } from './chunkDocuments';
import { hashedWhileRead, sha256OfName } from './documentId';
import { FileState, type FileStates } from './fileState';
import { readLoaderSettings, type LoaderInput, type LoaderSettings } from './loaderSettings';

function problem(ctx: ISupplyDataFunctions, itemIndex: number, message: string, description: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${message}`, { itemIndex, description });
}

/** The item's files, as Input picks them, each checked (present, a file, not empty) before any is sent. */
async function itemFiles(ctx: ISupplyDataFunctions, item: INodeExecutionData, itemIndex: number, input: LoaderInput): Promise<InputFile[]> {
	const binaries: Record<string, IBinaryData> = item.binary ?? {};
	const names = input.kind === 'binary' ? input.names : Object.keys(binaries);
	if (names.length === 0) {
		throw problem(ctx, itemIndex, 'the item has no binary data', 'Add a node that reads or downloads the file before the vector store, or choose Input › Elements From This Package.');
	}
	const files: InputFile[] = [];
	for (const name of names) {
		const binary = binaries[name];
		if (!binary) {
			const available = Object.keys(binaries);
			throw problem(ctx, itemIndex, `no binary field "${name}"`, available.length ? `Set the Input Binary Field to one of the item's binary fields: ${available.join(', ')}.` : 'The item carries no binary data at all.');
		}
		// describeFile names the item, the field and the file in its errors; the size comes from n8n's
		// binary metadata, so a file over the action node's limit is refused before a byte is read.
		files.push(await describeFile(ctx, itemIndex, name, binary, MAX_FILE_BYTES));
	}
	return files;
}

/** The item's message prefix on an error of the service or the split: the item and the file, once. */
function naming(error: unknown, itemIndex: number, fileName: string): unknown {
	if (!(error instanceof Error)) return error;
	const prefix = error.message.startsWith(`File "${fileName}"`) ? `Item ${itemIndex}: ` : `Item ${itemIndex}, file "${fileName}": `;
	if (!error.message.startsWith(`Item ${itemIndex}`)) error.message = prefix + error.message;
	return error;
}

async function binaryDocuments(ctx: ISupplyDataFunctions, item: INodeExecutionData, itemIndex: number, settings: LoaderSettings, partition: PartitionParameters): Promise<LoaderDocument[]> {
	const files = await itemFiles(ctx, item, itemIndex, settings.input);
	const call = await callContextFor(ctx, itemIndex);
	const documents: LoaderDocument[] = [];
	// Every file of the item is partitioned before any of its documents is handed over, so a
	// failing file stops the item before the store inserts a chunk of it.
	for (const file of files) {
		let elements: IDataObject[];
		const sent = hashedWhileRead(file);
		try {
			const outcome = await partitionDocument(call, sent.file, partition);
			if (outcome.splitSkipped !== undefined) {
				ctx.addExecutionHints({ message: `Item ${itemIndex}, file "${file.fileName}" was sent whole, not split: ${outcome.splitSkipped}.`, location: 'outputPane' });
			}
			elements = outcome.elements;
		} catch (error) {
			throw naming(error, itemIndex, file.fileName);
		}
		const state = new FileState(await sent.documentId());
		const fileDocs = await fileDocuments(elements, { fileName: file.fileName, itemIndex }, settings.documents, state);
		if (fileDocs.length === 0) {
			throw problem(ctx, itemIndex, `the service found no text in file "${file.fileName}"`, 'Check the file (an image-only scan needs Partitioning › High Resolution, OCR Only or Vision Model), or leave it out.');
		}
		for (const document of fileDocs) documents.push(document);
	}
	return documents;
}

const isElement = (json: IDataObject): boolean => typeof json.type === 'string' && typeof json.text === 'string';

function fileNameOf(element: IDataObject | undefined): string | undefined {
	const name = (element?.metadata as IDataObject | undefined)?.filename;
	return typeof name === 'string' ? name : undefined;
}

/** The state of an element item's file, by its name, across the items of the run. */
function namedFile(files: FileStates, name: string | undefined): FileState {
	return files.named(name ?? '', () => (name === undefined ? undefined : sha256OfName(name)));
}

/** Element input: an item is one element, or one file with its `elements` (Output › Files). */
async function elementDocuments(ctx: ISupplyDataFunctions, item: INodeExecutionData, itemIndex: number, options: DocumentOptions, files: FileStates): Promise<LoaderDocument[]> {
	const json = item.json ?? {};
	const jobId = typeof json.job_id === 'string' ? json.job_id : undefined;
	if (Array.isArray(json.elements)) {
		const elements = json.elements.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null && isElement(entry as IDataObject));
		const fileName = [json.file_name, json.input_file_name].find((name): name is string => typeof name === 'string') ?? fileNameOf(elements[0]);
		return await fileDocuments(elements, { fileName, itemIndex, jobId }, options, namedFile(files, fileName));
	}
	if (isElement(json)) return await fileDocuments([json], { itemIndex, jobId }, options, namedFile(files, fileNameOf(json)));
	throw problem(
		ctx,
		itemIndex,
		'the item is neither an element nor a file with elements',
		'Connect the output of Partition File or Process Files (Output › Elements or Files), or choose Input › All Binary Fields to process files here.',
	);
}

/** The documents of one input item of the vector store: its files partitioned and chunked by the service, or its elements. */
export async function itemDocuments(ctx: ISupplyDataFunctions, item: INodeExecutionData, itemIndex: number, files: FileStates): Promise<LoaderDocument[]> {
	const settings = readLoaderSettings(ctx, itemIndex);
	if (settings.input.kind === 'elements' || !settings.partition) return await elementDocuments(ctx, item, itemIndex, settings.documents, files);
	return await binaryDocuments(ctx, item, itemIndex, settings, settings.partition);
}
