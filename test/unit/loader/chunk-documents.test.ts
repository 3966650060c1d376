import { gzipSync } from 'node:zlib';
import type { IDataObject } from 'n8n-workflow';
import { fileDocuments, type DocumentOptions } from '../../../nodes/DocumentProcessing/loader/chunkDocuments';
import { origElementsOf } from '../../../nodes/DocumentProcessing/loader/origElements';

const options: DocumentOptions = { tablesAsHtml: false, coordinates: false, extra: [], leaveOut: new Set() };
const packed = (elements: IDataObject[]): string => gzipSync(Buffer.from(JSON.stringify(elements))).toString('base64');

const title = { type: 'Title', element_id: 't1', text: 'Refund Policy', metadata: { page_number: 2 } };
const body = { type: 'NarrativeText', element_id: 'n1', text: 'Refunds within 30 days.', metadata: { page_number: 3, parent_id: 't1' } };
const table = { type: 'Table', element_id: 'tb', text: 'Plan Price Basic 10', metadata: { page_number: 4, text_as_html: '<table><tr><td>Plan</td></tr></table>', parent_id: 't1' } };

const chunk = (text: string, members: IDataObject[], type = 'CompositeElement', extra: IDataObject = {}): IDataObject => ({
	type,
	element_id: `id-${text.length}`,
	text,
	metadata: { filename: 'terms.pdf', filetype: 'application/pdf', page_number: (members[0]?.metadata as IDataObject).page_number, languages: ['eng'], orig_elements: packed(members), ...extra },
});

describe('loader documents from the service chunks', () => {
	it('reads a chunk’s original elements (base64 of gzipped JSON) and refuses what is not', () => {
		expect(origElementsOf({ orig_elements: packed([title]) })).toEqual([title]);
		expect(origElementsOf({ orig_elements: 'not base64 gzip' })).toBeUndefined();
		expect(origElementsOf({})).toBeUndefined();
	});

	it('gives each chunk its page range, element types, section title, chunk index and item index, all flat', () => {
		const docs = fileDocuments([chunk('Refund Policy\n\nRefunds within 30 days.', [title, body]), chunk('Plan Price Basic 10', [table], 'Table', { text_as_html: '<table/>' })], { fileName: 'terms.pdf', itemIndex: 2 }, options);
		expect(docs[0]).toEqual({
			pageContent: 'Refund Policy\n\nRefunds within 30 days.',
			metadata: {
				file_name: 'terms.pdf',
				file_type: 'application/pdf',
				page_number: 2,
				last_page_number: 3,
				page_range: '2-3',
				element_type: 'CompositeElement',
				element_types: 'Title, NarrativeText',
				element_id: 'id-38',
				section_title: 'Refund Policy',
				chunk_index: 0,
				languages: 'eng',
				item_index: 2,
			},
		});
		// The table's section comes from its parent_id, looked up among the file's chunks' elements.
		expect(docs[1]?.metadata).toMatchObject({ page_range: '4', element_type: 'Table', section_title: 'Refund Policy', chunk_index: 1 });
	});

	it('gives a table’s HTML on request, adds the user’s keys, leaves keys out, and coordinates only on request', () => {
		const coordinates = { points: [[1, 2]], system: 'PixelSpace' };
		const element = { ...table, metadata: { ...table.metadata, coordinates } };
		const plain = fileDocuments([element], { itemIndex: 0 }, options)[0];
		expect(plain?.pageContent).toBe('Plan Price Basic 10');
		expect(plain?.metadata.coordinates).toBeUndefined();
		const html = fileDocuments([element], { itemIndex: 0 }, { tablesAsHtml: true, coordinates: true, extra: [['customer', 'acme'], ['tags', ['a', 'b']]], leaveOut: new Set(['element_id', 'parent_id']) })[0];
		expect(html?.pageContent).toBe('<table><tr><td>Plan</td></tr></table>');
		expect(html?.metadata).toMatchObject({ coordinates: JSON.stringify(coordinates), customer: 'acme', tags: 'a, b' });
		expect(html?.metadata).not.toHaveProperty('element_id');
		expect(html?.metadata).not.toHaveProperty('parent_id');
	});

	it('skips chunks without text and counts chunk indexes over the documents kept', () => {
		const docs = fileDocuments([{ type: 'Image', text: ' ', metadata: {} }, title, body], { itemIndex: 0 }, options);
		expect(docs.map((doc) => doc.metadata.chunk_index)).toEqual([0, 1]);
		expect(docs[1]?.metadata.section_title).toBe('Refund Policy');
	});
});
