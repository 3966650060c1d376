import { contentToText, tableRows } from '../../nodes/DocumentProcessing/outputs/elementText';

const markdown = { format: 'markdown' as const, maxLength: 0 };
const plain = { format: 'plain' as const, maxLength: 0 };

const TABLE_HTML = '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Basic &amp; more</td><td>5 | 6</td></tr></tbody></table>';

const elements = [
	{ type: 'Title', text: 'Report', metadata: { page_number: 1, category_depth: 0 } },
	{ type: 'NarrativeText', text: 'Intro text.', metadata: { page_number: 1 } },
	{ type: 'PageBreak', text: '', metadata: { page_number: 1 } },
	{ type: 'Title', text: 'Prices', metadata: { page_number: 2, category_depth: 1 } },
	{ type: 'Table', text: 'Plan Price Basic & more 5 | 6', metadata: { page_number: 2, text_as_html: TABLE_HTML } },
	{ type: 'ListItem', text: 'a point', metadata: { page_number: 2 } },
	{ type: 'Image', text: 'a chart', metadata: { page_number: 2 } },
];

describe('contentToText', () => {
	it('writes Markdown: headings by depth, tables as tables, list items, images, page markers', () => {
		expect(contentToText({ elements }, markdown)).toEqual({
			text: [
				'<!-- page 1 -->',
				'# Report',
				'Intro text.',
				'<!-- page 2 -->',
				'## Prices',
				'| Plan | Price |\n| --- | --- |\n| Basic & more | 5 \\| 6 |',
				'- a point',
				'[Image: a chart]',
			].join('\n\n'),
			truncated: false,
			total_characters: expect.any(Number),
		});
	});

	it('writes plain text: titles as lines, table cells separated by |', () => {
		const { text } = contentToText({ elements }, plain);
		expect(text).toBe(['--- page 1 ---', 'Report', 'Intro text.', '--- page 2 ---', 'Prices', 'Plan | Price\nBasic & more | 5 | 6', '- a point', '[Image: a chart]'].join('\n\n'));
	});

	it('leaves out page markers when the document has one page', () => {
		expect(contentToText({ elements: [{ type: 'Title', text: 'One', metadata: { page_number: 1 } }] }, markdown).text).toBe('# One');
	});

	it('cuts a long text at the limit, marker included, and says how much was shown', () => {
		const long = Array.from({ length: 200 }, (_, index) => ({ type: 'NarrativeText', text: `Paragraph ${index} with some words.` }));
		const full = contentToText({ elements: long }, markdown);
		const cut = contentToText({ elements: long }, { format: 'markdown', maxLength: 500 });
		expect(cut.truncated).toBe(true);
		expect(cut.total_characters).toBe(full.text.length);
		expect(cut.text.length).toBeLessThanOrEqual(500);
		const marker = /\n\n\[… truncated: (\d+) of (\d+) characters shown\]$/.exec(cut.text);
		expect(marker).not.toBeNull();
		expect(Number(marker?.[2])).toBe(full.text.length);
		const kept = cut.text.slice(0, cut.text.length - (marker?.[0].length ?? 0));
		expect(Number(marker?.[1])).toBe(kept.length);
		expect(full.text.startsWith(kept)).toBe(true);
		expect(kept.endsWith('words.')).toBe(true);
	});

	it('does not cut a text that fits', () => {
		expect(contentToText({ elements }, { format: 'markdown', maxLength: 100_000 }).truncated).toBe(false);
	});

	it('gives extracted data alone as compact JSON', () => {
		const data = [{ invoice: 'A-1', total: 12.5, lines: [{ item: 'pen' }] }];
		expect(contentToText({ extractedData: data }, markdown).text).toBe('[{"invoice":"A-1","total":12.5,"lines":[{"item":"pen"}]}]');
		expect(contentToText({ extractedData: { type: 'person', name: 'Ada' } }, plain).text).toBe('{"type":"person","name":"Ada"}');
	});

	it('puts extracted data that comes with elements first, as compact JSON, and leaves out the DocumentData element', () => {
		const withData = [
			{ type: 'DocumentData', text: '', metadata: { extracted_data: { total: 3 } } },
			{ type: 'NarrativeText', text: 'Body.' },
		];
		expect(contentToText({ elements: withData, extractedData: { total: 3 } }, markdown).text).toBe('Extracted data: {"total":3}\n\nBody.');
	});

	it('gives an empty text for no elements', () => {
		expect(contentToText({ elements: [] }, markdown)).toEqual({ text: '', truncated: false, total_characters: 0 });
	});
});

describe('tableRows', () => {
	it('reads header and body cells, decoding entities and dropping inner tags', () => {
		expect(tableRows(TABLE_HTML)).toEqual([
			['Plan', 'Price'],
			['Basic & more', '5 | 6'],
		]);
		expect(tableRows('<table><tr><td><b>x</b>&#65;&#x42;</td></tr></table>')).toEqual([['x AB']]);
	});
});
