import { extname } from 'node:path';
import type { SupportedFileType } from './types';

const BY_CONTENT_TYPE: Record<string, SupportedFileType> = {
	'application/pdf': 'application/pdf',
	'application/x-pdf': 'application/pdf',
	'text/plain': 'text/plain',
	'text/markdown': 'text/markdown',
	'text/x-markdown': 'text/markdown',
	'text/html': 'text/html',
	'application/xhtml+xml': 'text/html',
};

const BY_EXTENSION: Record<string, SupportedFileType> = {
	'.pdf': 'application/pdf',
	'.txt': 'text/plain',
	'.text': 'text/plain',
	'.md': 'text/markdown',
	'.markdown': 'text/markdown',
	'.html': 'text/html',
	'.htm': 'text/html',
};

function sniff(bytes: Buffer | null): SupportedFileType | undefined {
	if (bytes === null) return undefined;
	const head = bytes.subarray(0, 1024);
	if (head.indexOf('%PDF-') !== -1) return 'application/pdf';
	const text = head.toString('utf8').trimStart().toLowerCase();
	if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'text/html';
	// Printable UTF-8 without NUL bytes reads as plain text, as libmagic would say.
	// The last bytes may cut a multi-byte character in half, so they are left out of the check.
	const checked = head.length === 1024 ? head.subarray(0, 1020) : head;
	if (checked.includes(0) || checked.toString('utf8').includes('\ufffd')) return undefined;
	return head.length > 0 ? 'text/plain' : undefined;
}

/** Content type first, then the file name's extension, then the first bytes. */
export function detectFileType(contentType: string, filename: string, bytes: Buffer | null): SupportedFileType | undefined {
	const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
	return BY_CONTENT_TYPE[mime] ?? BY_EXTENSION[extname(filename).toLowerCase()] ?? (isGeneric(mime) ? sniff(bytes) : undefined);
}

function isGeneric(mime: string): boolean {
	return mime === '' || mime === 'application/octet-stream' || mime === 'binary/octet-stream';
}
