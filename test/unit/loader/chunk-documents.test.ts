import { deflateSync } from 'node:zlib';
import type { IDataObject } from 'n8n-workflow';
import { fileDocuments as documentsOf, type DocumentOptions, type ElementOrigin } from '../../../nodes/DocumentProcessing/loader/chunkDocuments';
import { FileState } from '../../../nodes/DocumentProcessing/loader/fileState';

const options: DocumentOptions = { tablesAsHtml: false, coordinates: false, extra: [], leaveOut: new Set() };
/** As the service packs them: base64 of zlib-compressed JSON. */
const packed = (elements: IDataObject[]): string => deflateSync(Buffer.from(JSON.stringify(elements))).toString('base64');
const fileDocuments = async (elements: IDataObject[], origin: ElementOrigin, documentOptions: DocumentOptions, file = new FileState(undefined)) => await documentsOf(elements, origin, documentOptions, file);

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
	it('gives each chunk its page range, element types, parent, section title, ids, chunk index and item index, all flat', async () => {
		const docs = await fileDocuments([chunk('Refund Policy\n\nRefunds within 30 days.', [title, body]), chunk('Plan Price Basic 10', [table], 'Table', { text_as_html: '<table/>' })], { fileName: 'terms.pdf', itemIndex: 2 }, options, new FileState('f00d'));
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
				document_id: 'f00d',
				chunk_id: 'f00d:0',
				languages: 'eng',
				item_index: 2,
			},
		});
		// The table's section comes from its parent_id, looked up among the file's chunks' elements.
		expect(docs[1]?.metadata).toMatchObject({ page_range: '4', element_type: 'Table', parent_id: 't1', section_title: 'Refund Policy', chunk_index: 1, chunk_id: 'f00d:1' });
	});

	it('stores a chunk whose originals cannot be read with its own page only, and says why in one key', async () => {
		const broken = { ...chunk('Refunds within 30 days.', [body]), metadata: { filename: 'terms.pdf', page_number: 3, orig_elements: 'bm90IGNvbXByZXNzZWQ=' } };
		const [doc] = await fileDocuments([broken], { itemIndex: 0 }, options);
		expect(doc?.metadata).toEqual({
			file_name: 'terms.pdf',
			page_number: 3,
			orig_elements_skipped: 'orig_elements is not base64 of zlib or gzip data: neither zlib nor gzip data',
			element_type: 'CompositeElement',
			element_id: 'id-23',
			chunk_index: 0,
			item_index: 0,
		});
	});

	it('finds a title met in an earlier call for the same file (element input over several items), and counts chunks on', async () => {
		const file = new FileState(undefined);
		await fileDocuments([title], { itemIndex: 0 }, options, file);
		const [later] = await fileDocuments([body], { itemIndex: 1 }, options, file);
		expect(later?.metadata).toMatchObject({ section_title: 'Refund Policy', parent_id: 't1', chunk_index: 1, item_index: 1 });
	});

	it('gives a table’s HTML on request, adds the user’s keys, leaves keys out, and coordinates only on request', async () => {
		const coordinates = { points: [[1, 2]], system: 'PixelSpace' };
		const element = { ...table, metadata: { ...table.metadata, coordinates } };
		const plain = (await fileDocuments([element], { itemIndex: 0 }, options))[0];
		expect(plain?.pageContent).toBe('Plan Price Basic 10');
		expect(plain?.metadata.coordinates).toBeUndefined();
		const html = (await fileDocuments([element], { itemIndex: 0 }, { tablesAsHtml: true, coordinates: true, extra: [['customer', 'acme'], ['tags', ['a', 'b']]], leaveOut: new Set(['element_id', 'parent_id']) }))[0];
		expect(html?.pageContent).toBe('<table><tr><td>Plan</td></tr></table>');
		expect(html?.metadata).toMatchObject({ coordinates: JSON.stringify(coordinates), customer: 'acme', tags: 'a, b' });
		expect(html?.metadata).not.toHaveProperty('element_id');
		expect(html?.metadata).not.toHaveProperty('parent_id');
	});

	it('skips chunks without text and counts chunk indexes over the documents kept', async () => {
		const docs = await fileDocuments([{ type: 'Image', text: ' ', metadata: {} }, title, body], { itemIndex: 0 }, options);
		expect(docs.map((doc) => doc.metadata.chunk_index)).toEqual([0, 1]);
		expect(docs[1]?.metadata.section_title).toBe('Refund Policy');
	});
});
