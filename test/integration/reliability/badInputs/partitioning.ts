/** Bad partition parameters: concurrency, page ranges, languages, chunking, additional parameters. */
import { makePdf } from '../../../emulator/test-support/pdf-fixtures';
import { type BadInput, file, oneFile, partition } from './case';

export const PARTITION_INPUTS: BadInput[] = [
	{ name: 'a bad concurrency level', parameters: partition({ options: { splitPdfConcurrencyLevel: 0 } }), items: oneFile, message: /^Page Ranges at Once must be a whole number of at least 1, not "0"$/, itemIndex: 0 },
	{
		name: 'a page range whose end is before its start',
		parameters: partition({ options: { pageRange: '20-5' } }),
		items: oneFile,
		message: /^Page Range: "20-5": the last page comes before the first$/,
		itemIndex: 0,
	},
	{
		name: 'a page range past the end of the PDF',
		parameters: partition({ options: { pageRange: '5-9' } }),
		items: async () => [{ json: {}, binary: { data: file('two-pages.pdf', Buffer.from(await makePdf([{ title: 'One' }, { title: 'Two' }])), 'application/pdf') } }],
		message: /^Page Range does not fit file "two-pages\.pdf": it starts at page 5, but the document has 2 pages$/,
		itemIndex: 0,
	},
	{ name: 'a language that is not a code', parameters: partition({ options: { languages: 'eng, english!' } }), items: oneFile, message: /^Languages: "english!" is not a language code$/, itemIndex: 0 },
	{
		name: 'a chunk size of 0',
		parameters: partition({ options: { chunkingStrategy: 'by_title', maxCharacters: 0 } }),
		items: oneFile,
		message: /^Max Characters must be a whole number of at least 1, not "0"$/,
		itemIndex: 0,
	},
	{
		name: 'an additional parameter that repeats a field',
		parameters: partition({ options: { additionalParameters: { parameter: [{ name: 'strategy', value: 'fast' }] } } }),
		items: oneFile,
		message: /^Additional Parameters: "strategy" is set by a field of this node$/,
		itemIndex: 0,
	},
];
