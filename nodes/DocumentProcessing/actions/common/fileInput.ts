import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executingNode } from '../../api/context';
import { fetchRemoteFile } from '../../api/remoteFiles';
import { describeFile, type InputFile, itemFiles, MAX_FILE_BYTES, tooManyFiles } from '../../helpers/binaries';
import { binarySelection, inputChoice, uploadBinaryField } from '../../descriptions/binaryInput';

const fileUrlProperty: INodeProperties = {
	displayName: 'File URL',
	name: 'fileUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. https://example.com/report.pdf',
	description:
		'Public web address (http or https) of the document to process, e.g. a PDF, HTML page, text or Markdown file. Several addresses can be given separated by spaces or new lines.',
	displayOptions: { show: { inputSource: ['url'] } },
};

/** Where an upload's files come from: one Input choice, then the field it needs. */
export const fileInputProperties: INodeProperties[] = [
	inputChoice([{ name: 'File URL', value: 'url', description: 'Files the node downloads from web addresses (http or https)' }]),
	uploadBinaryField,
	fileUrlProperty,
];

/** The Options entry for URL input (shown once Input is File URL). */
export const allowPrivateUrlsOption: INodeProperties = {
	displayName: 'Allow Private Network URLs',
	name: 'allowPrivateUrls',
	type: 'boolean',
	default: false,
	description:
		'Whether file URLs may point to loopback or private network addresses (this machine, the LAN, cloud metadata). Off by default so an address from untrusted input cannot reach internal services.',
	displayOptions: { show: { '/inputSource': ['url'] } },
};

function fileUrls(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = ctx.getNodeParameter('fileUrl', itemIndex, '');
	const urls = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(/\s+/)).map((url) => url.trim()).filter((url) => url !== '');
	if (urls.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'The File URL field is empty', {
			itemIndex,
			description: 'Enter the web address of the document, e.g. https://example.com/report.pdf.',
		});
	}
	return urls;
}

/** Streams a URL's file into n8n's binary data store (on disk in filesystem mode), enforcing the size limit on the way. */
async function downloadedFile(ctx: IExecuteFunctions, itemIndex: number, url: string, allowPrivate: boolean): Promise<InputFile> {
	const remote = await fetchRemoteFile({
		url,
		node: executingNode(ctx),
		itemIndex,
		allowPrivate,
		maxBytes: MAX_FILE_BYTES,
		signal: ctx.getExecutionCancelSignal(),
	});
	const mimeType = remote.mimeType === 'application/octet-stream' ? undefined : remote.mimeType;
	const binary = await ctx.helpers.prepareBinaryData(remote.stream, remote.fileName, mimeType);
	binary.fileName = remote.fileName;
	return await describeFile(ctx, itemIndex, 'fileUrl', binary, MAX_FILE_BYTES, remote.displayUrl);
}

/** The files one item sends: its binary data, or the files its URLs point to (downloaded one after the other). */
export async function itemInputFiles(ctx: IExecuteFunctions, itemIndex: number, options: { maxBytes?: number; maxFiles?: number } = {}): Promise<InputFile[]> {
	if (ctx.getNodeParameter('inputSource', itemIndex, 'binary') !== 'url') {
		return await itemFiles(ctx, itemIndex, binarySelection(ctx, itemIndex), options);
	}
	const allowPrivate = ctx.getNodeParameter('options.allowPrivateUrls', itemIndex, false) === true;
	const urls = fileUrls(ctx, itemIndex);
	// Counted before the first download: twelve URLs must not cost twelve downloads to be refused.
	if (options.maxFiles !== undefined && urls.length > options.maxFiles) throw tooManyFiles(ctx.getNode(), urls.length, itemIndex);
	const files: InputFile[] = [];
	for (const url of urls) files.push(await downloadedFile(ctx, itemIndex, url, allowPrivate));
	return files;
}
