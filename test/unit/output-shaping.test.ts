import { outputItems, type OutputFile } from '../../nodes/DocumentProcessing/outputs/elementItems';
import { readOutputContent } from '../../nodes/DocumentProcessing/outputs/outputContent';

const title = { type: 'Title', element_id: 'e1', text: 'Invoice 7', metadata: { filename: 'inv.md' } };
const text = { type: 'NarrativeText', element_id: 'e2', text: 'Total: 120', metadata: { filename: 'inv.md' } };
const documentData = { type: 'DocumentData', element_id: 'd0', text: '', metadata: { filename: 'inv.md', extracted_data: { total: 120 } } };

const file = (content: unknown): OutputFile => {
	const { elements, extractedData } = readOutputContent(content);
	return {
		job_id: 'j',
		file_id: 'f',
		node_id: 'n',
		input_file_name: 'inv.md',
		content,
		...(elements ? { elements } : {}),
		...(extractedData !== undefined ? { extracted_data: extractedData } : {}),
	};
};
const paired = () => ({ item: 3 });
const origin = { job_id: 'j', file_id: 'f', node_id: 'n', input_file_name: 'inv.md' };

describe('output content', () => {
	it.each([
		['an element array', [title, text], { elements: [title, text] }],
		['elements led by DocumentData', [documentData, title], { elements: [documentData, title], extractedData: { total: 120 } }],
		['an extracted object', { total: 120 }, { extractedData: { total: 120 } }],
		['an array of extracted objects', [{ total: 1 }, { total: 2 }], { extractedData: [{ total: 1 }, { total: 2 }] }],
		['objects that only look partly like elements', [title, { total: 2 }], { extractedData: [title, { total: 2 }] }],
		['an empty array', [], { elements: [] }],
	])('reads %s', (_name, content, expected) => {
		expect(readOutputContent(content)).toEqual(expected);
	});
});

describe('output items', () => {
	it('keeps one item per element for element arrays', () => {
		expect(outputItems([file([title, text])], 'elements', paired)).toEqual([
			{ json: title, pairedItem: { item: 3 } },
			{ json: text, pairedItem: { item: 3 } },
		]);
	});

	it('gives one item per extracted record, with its origin, when the file is extracted data alone', () => {
		expect(outputItems([file([{ total: 1 }, { total: 2 }])], 'elements', paired).map((item) => item.json)).toEqual([
			{ ...origin, extracted_data: { total: 1 } },
			{ ...origin, extracted_data: { total: 2 } },
		]);
		expect(outputItems([file({ total: 120 })], 'elements', paired)).toEqual([{ json: { ...origin, extracted_data: { total: 120 } }, pairedItem: { item: 3 } }]);
	});

	it('puts extracted_data at the top of the per-file item, with the elements when there are any', () => {
		expect(outputItems([file({ total: 120 })], 'files', paired)[0].json).toEqual({ ...origin, extracted_data: { total: 120 } });
		expect(outputItems([file([documentData, title])], 'files', paired)[0].json).toEqual({
			...origin,
			extracted_data: { total: 120 },
			element_count: 2,
			elements: [documentData, title],
		});
		expect(outputItems([file([title])], 'files', paired)[0].json).toEqual({ ...origin, element_count: 1, elements: [title] });
	});
});
