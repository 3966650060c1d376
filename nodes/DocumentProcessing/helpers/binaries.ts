import type { IBinaryData, IBinaryKeyData, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { OpenableFile } from './openableFile';
import { jobFileRecords } from '../failedFiles/jobFiles';
import { withFailedFiles } from '../failedFiles/records';

/** The service's limits for on-demand jobs. */
export const MAX_FILES_PER_JOB = 10;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** An item with more files than one job takes (checked before any file is read or downloaded). */
export function tooManyFiles(node: INode, count: number, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `Item ${itemIndex} has ${count} files; a job takes at most ${MAX_FILES_PER_JOB}`, {
		itemIndex,
		description: 'Choose Batching › Combine Items to spread the files over several jobs, or split the item.',
	});
}

/** A file of an input item, opened lazily so large files stream from disk when they are sent. */
export interface InputFile extends OpenableFile {
	itemIndex: number;
	property: string;
	size: number;
	/** Set when the node downloaded the file from a URL (shown without its query string). */
	sourceUrl?: string;
}

export interface BinarySelection {
	/** Comma-separated property names, e.g. `data, attachment_0`. */
	names: string;
	/** Take every binary property of the item instead of `names`. */
	all?: boolean;
}

/**
 * Binary data ids are `<mode>:<file id>`; in the filesystem modes n8n reads the file with a
 * chunk size as asked. Other stores (S3, database) re-chunk a download and would have to gather
 * a large chunk first, so they are left at their default.
 */
function onDisk(id: string): boolean {
	return id.startsWith('filesystem');
}

function where(itemIndex: number, property: string, fileName?: string, sourceUrl?: string): string {
	const source = sourceUrl ? `file URL ${sourceUrl}` : `Input Binary Field "${property}"`;
	return `item ${itemIndex}, ${source}${fileName ? `, file "${fileName}"` : ''}`;
}

export function parsePropertyNames(names: string): string[] {
	return names
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
}

/** A binary (an item's, or one the node downloaded) as an input file, checked against the size limit. */
export async function describeFile(
	ctx: Pick<IExecuteFunctions, 'getNode' | 'helpers'>,
	itemIndex: number,
	property: string,
	binary: IBinaryData,
	maxBytes: number,
	sourceUrl?: string,
): Promise<InputFile> {
	const node = ctx.getNode();
	const fileName = binary.fileName ?? `${property}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	if (typeof binary !== 'object' || (!binary.id && typeof binary.data !== 'string')) {
		throw new NodeOperationError(node, `The binary field "${property}" of item ${itemIndex} is not a file`, {
			itemIndex,
			description: 'Point the Input Binary Field at a binary field that holds a file, e.g. the output of Read Files from Disk.',
		});
	}
	const { id } = binary;
	const size = id ? (await ctx.helpers.getBinaryMetadata(id)).fileSize : Buffer.byteLength(binary.data, 'base64');
	if (size === 0) {
		throw new NodeOperationError(node, `The file is empty (${where(itemIndex, property, fileName, sourceUrl)})`, {
			itemIndex,
			description: 'The service cannot process an empty file; check the node that produced it.',
		});
	}
	if (size > maxBytes) {
		const megabytes = (size / 1024 / 1024).toFixed(1);
		throw new NodeOperationError(
			node,
			`The file is ${megabytes} MB, over the service's ${maxBytes / 1024 / 1024} MB limit (${where(itemIndex, property, fileName, sourceUrl)})`,
			{ itemIndex, description: 'Split the file (e.g. a PDF into page ranges) or compress it before sending.' },
		);
	}
	return {
		itemIndex,
		property,
		fileName,
		mimeType: binary.mimeType || 'application/octet-stream',
		size,
		...(sourceUrl ? { sourceUrl } : {}),
		// Files n8n keeps on disk are streamed; only small in-memory files are handed over as buffers.
		open: async (chunkSize) => (id ? await ctx.helpers.getBinaryStream(id, onDisk(id) ? chunkSize : undefined) : Buffer.from(binary.data, 'base64')),
	};
}

/** The files one item carries, checked against the service's limits before anything is sent. */
export async function itemFiles(
	ctx: IExecuteFunctions,
	itemIndex: number,
	selection: BinarySelection,
	options: { maxBytes?: number; required?: boolean } = {},
): Promise<InputFile[]> {
	const node = ctx.getNode();
	const binaries = ctx.getInputData()[itemIndex]?.binary ?? {};
	const properties = selection.all ? Object.keys(binaries) : parsePropertyNames(selection.names);
	if (properties.length === 0 && options.required !== false) {
		throw new NodeOperationError(
			node,
			selection.all ? `Item ${itemIndex} has no binary data` : 'The Input Binary Field is empty',
			{ itemIndex, description: 'Enter the names of the binary fields that hold the files, e.g. data.' },
		);
	}
	const files: InputFile[] = [];
	try {
		for (const property of properties) files.push(await propertyFile(ctx, itemIndex, property, binaries, options.maxBytes ?? MAX_FILE_BYTES));
	} catch (error) {
		// None of the item's files is sent: the error names them all, so each is accounted for.
		const files = properties.map((property) => ({ file: { fileName: binaries[property]?.fileName ?? property, itemIndex } }));
		throw error instanceof Error ? withFailedFiles(error, jobFileRecords(files, null, 'upload', error)) : error;
	}
	return files;
}

async function propertyFile(ctx: IExecuteFunctions, itemIndex: number, property: string, binaries: IBinaryKeyData, maxBytes: number): Promise<InputFile> {
	const binary = binaries[property];
	if (!binary) {
		const available = Object.keys(binaries);
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex} has no binary field "${property}"`, {
			itemIndex,
			description: available.length
				? `Set the Input Binary Field to one of the item's binary fields: ${available.join(', ')}.`
				: 'The item carries no binary data at all; add a node that reads or downloads the file first.',
		});
	}
	return await describeFile(ctx, itemIndex, property, binary, maxBytes);
}
