/** Shared by the emulator's partition test files: the element shape, sample documents, a request helper. */
import { createHash } from 'node:crypto';
import { form, type ApiResponse, type UploadFile } from './client';
import type { Harness } from './fixtures';

export interface ElementBody {
	type: string;
	element_id: string;
	text: string;
	metadata: {
		filename: string;
		filetype: string;
		page_number: number;
		languages: string[];
		coordinates?: { points: number[][]; system: string; layout_width: number; layout_height: number };
		text_as_html?: string;
		category_depth?: number;
		parent_id?: string;
	};
}

/** Posts one file to the partition endpoint of the harness's emulator. */
export function partitionOn(h: Harness) {
	return <T = ElementBody[]>(file: UploadFile, fields: Record<string, string | string[]> = {}): Promise<ApiResponse<T>> =>
		h.client.api<T>('/general/v0/general', { form: form(fields, [file], 'files') });
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
export const summary = (elements: ElementBody[]): Array<[string, string]> => elements.map((element) => [element.type, element.text]);

export const MARKDOWN = [
	'# Project Handbook',
	'',
	'Welcome to the **handbook**. It explains how we work.',
	'',
	'## Rules',
	'',
	'- Be kind',
	'- Ship small changes',
	'',
	'| Name | Role |',
	'|------|------|',
	'| Ada | Lead |',
	'',
	'```',
	'npm test',
	'```',
].join('\n');

export const HTML = `<!DOCTYPE html><html><head><title>Ignored</title><style>p { color: red }</style><script>var x = "<p>no</p>";</script></head>
<body><h1>Fish &amp; Chips</h1><p>A classic dish served across the country.</p>
<ul><li>Cod</li><li>Potatoes</li></ul>
<table><tr><th>Size</th><th>Price</th></tr><tr><td>Large</td><td>&euro;9</td></tr></table>
<img src="plate.png" alt="A full plate"></body></html>`;

