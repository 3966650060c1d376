/** Emulator partition endpoint: options and processing time. */
import { detailText, form } from './test-support/client';
import { useEmulator } from './test-support/fixtures';
import { makePdf } from './test-support/pdf-fixtures';
import { partitionOn, sha256, summary, MARKDOWN, HTML } from './test-support/partition-support';

const h = useEmulator();
const partition = partitionOn(h);

describe('options', () => {
	it('adds a PixelSpace bounding box with coordinates=true, and none by default', async () => {
		const plain = await partition({ name: 'menu.html', type: 'text/html', content: HTML });
		expect(plain.body.every((element) => element.metadata.coordinates === undefined)).toBe(true);
		const html = await partition({ name: 'menu.html', type: 'text/html', content: HTML }, { coordinates: 'true' });
		for (const element of html.body) {
			const coordinates = element.metadata.coordinates;
			expect(coordinates?.system).toBe('PixelSpace');
			expect(coordinates?.points).toHaveLength(4);
			expect(coordinates?.layout_width).toBeGreaterThan(0);
			expect(coordinates?.layout_height).toBeGreaterThan(0);
		}
		const pdf = await partition({ name: 'c.pdf', type: 'application/pdf', content: await makePdf([{ title: 'Boxed Title' }]) }, { coordinates: 'true' });
		const box = pdf.body[0]?.metadata.coordinates;
		expect(box).toMatchObject({ system: 'PixelSpace', layout_width: 612, layout_height: 792 });
		const [topLeft, bottomLeft, bottomRight, topRight] = box?.points ?? [];
		expect(topLeft?.[0]).toBe(72);
		expect(bottomLeft?.[0]).toBe(topLeft?.[0]);
		expect(bottomLeft?.[1]).toBeGreaterThan(topLeft?.[1] ?? Infinity);
		expect(bottomRight?.[0]).toBeGreaterThan(bottomLeft?.[0] ?? Infinity);
		expect(topRight?.[1]).toBe(topLeft?.[1]);
	});

	it('chunks by_title into CompositeElements that start at titles and respect max_characters', async () => {
		const long = 'This sentence is part of a very long paragraph that keeps going. '.repeat(6).trim();
		const text = ['Introduction', 'Short opening paragraph.', 'Details', long, 'Summary', 'The end of the document.'].join('\n\n');
		const response = await partition({ name: 'chunks.txt', type: 'text/plain', content: text }, { chunking_strategy: 'by_title', max_characters: '120', combine_under_n_chars: '0' });
		expect(response.status).toBe(200);
		const chunks = response.body;
		expect(chunks.every((chunk) => chunk.type === 'CompositeElement')).toBe(true);
		expect(chunks.every((chunk) => chunk.text.length <= 120)).toBe(true);
		expect(chunks[0]?.text).toBe('Introduction\n\nShort opening paragraph.');
		expect(chunks.filter((chunk) => chunk.text.startsWith('Details'))).toHaveLength(1);
		expect(chunks[chunks.length - 1]?.text).toBe('Summary\n\nThe end of the document.');
		for (const title of ['Introduction', 'Details', 'Summary']) {
			expect(chunks.some((chunk) => chunk.text.indexOf(title) > 0)).toBe(false);
		}
		expect(chunks.map((chunk) => chunk.text.replace(/\s+/g, ' ')).join(' ')).toBe(text.replace(/\s+/g, ' '));
		expect(chunks[0]?.element_id).toBe(sha256(chunks[0]?.text ?? ''));
	});

	it('uses max_characters 500 by default, combines sections under 500 characters and keeps tables in their own chunks', async () => {
		const response = await partition({ name: 'handbook.md', type: 'text/markdown', content: MARKDOWN }, { chunking_strategy: 'by_title' });
		expect(summary(response.body)).toEqual([
			['CompositeElement', 'Project Handbook\n\nWelcome to the handbook. It explains how we work.\n\nRules\n\nBe kind\n\nShip small changes'],
			['Table', 'Name Role Ada Lead'],
			['CompositeElement', 'npm test'],
		]);
	});

	it('shifts page numbers by starting_page_number (a split PDF range starting at page 11)', async () => {
		const pdf = await makePdf([{ title: 'Page Eleven' }, {}, { title: 'Page Thirteen' }]);
		const response = await partition({ name: 'part.pdf', type: 'application/pdf', content: pdf }, { starting_page_number: '11', split_pdf_page_range: '[11, 13]' });
		expect(response.status).toBe(200);
		expect(response.body.map((element) => [element.metadata.page_number, element.text])).toEqual([
			[11, 'Page Eleven'],
			[12, 'Page 12: no extractable text'],
			[13, 'Page Thirteen'],
		]);
	});

	it('reads repeated languages and accepts and logs unknown fields', async () => {
		const response = await partition(
			{ name: 'a.txt', type: 'text/plain', content: 'Hallo Welt' },
			{ languages: ['eng', 'deu'], strategy: 'hi_res', hi_res_model_name: 'yolox', vlm_model: 'm', vlm_model_provider: 'p', split_pdf_page: 'true', split_pdf_concurrency_level: '4', split_pdf_allow_failed: 'false', brand_new_option: 'x' },
		);
		expect(response.status).toBe(200);
		expect(response.body[0]?.metadata.languages).toEqual(['eng', 'deu']);
		const log = await h.client.control<{ requests: Array<{ fields: Record<string, unknown>; files: Array<{ field: string }> }> }>('/requests');
		expect(log.body.requests[0]?.fields).toMatchObject({ languages: ['eng', 'deu'], hi_res_model_name: 'yolox', brand_new_option: 'x', split_pdf_concurrency_level: '4' });
		expect(log.body.requests[0]?.files[0]?.field).toBe('files');
	});

	it.each<[string, Record<string, string>]>([
		['coordinates', { coordinates: 'yes' }],
		['unique_element_ids', { unique_element_ids: 'maybe' }],
		['max_characters', { chunking_strategy: 'by_title', max_characters: 'ten' }],
		['starting_page_number', { starting_page_number: '0' }],
		['strategy', { strategy: 'magic' }],
		['chunking_strategy', { chunking_strategy: 'by_vibes' }],
	])('rejects an invalid %s with 422 naming it', async (field, fields) => {
		const response = await partition({ name: 'a.txt', type: 'text/plain', content: 'Text' }, fields);
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toContain(field);
	});

	it('rejects a request without a files part', async () => {
		const response = await h.client.api('/general/v0/general', { form: form({ strategy: 'fast' }) });
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toContain('files');
	});
});

describe('processing time', () => {
	it('takes per_page_delay_ms per page', async () => {
		await h.client.control('/config', 'POST', { per_page_delay_ms: 80 });
		const pdf = await makePdf([{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }, { title: 'E' }]);
		const started = Date.now();
		expect((await partition({ name: 'five.pdf', type: 'application/pdf', content: pdf })).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(400);
	});

	it.each(['arrival', 'after_parse'] as const)('takes at least per_page_delay_ms per page with partition_clock %s', async (clock) => {
		expect((await h.client.control('/config', 'POST', { per_page_delay_ms: 60, partition_clock: clock })).status).toBe(200);
		const pdf = await makePdf([{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
		const started = Date.now();
		expect((await partition({ name: 'three.pdf', type: 'application/pdf', content: pdf })).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(180);
	});

	it('refuses an unknown partition_clock', async () => {
		expect((await h.client.control('/config', 'POST', { partition_clock: 'whenever' })).status).toBe(422);
	});

	it('lets concurrent requests overlap, so split pages finish faster than one whole file', async () => {
		// Long against the requests' own cost, so a loaded machine (a cold CI run compiles beside it)
		// cannot close the gap between overlapping (1 delay) and one after the other (4 delays).
		const delay = 1000;
		await h.client.control('/config', 'POST', { per_page_delay_ms: delay });
		const pages = await Promise.all([1, 2, 3, 4].map((n) => makePdf([{ title: `Page ${n}` }])));
		const started = Date.now();
		const results = await Promise.all(pages.map((pdf, index) => partition({ name: 'split.pdf', type: 'application/pdf', content: pdf }, { starting_page_number: String(index + 1) })));
		const elapsed = Date.now() - started;
		expect(results.map((result) => result.body[0]?.metadata.page_number)).toEqual([1, 2, 3, 4]);
		expect(elapsed).toBeGreaterThanOrEqual(delay);
		expect(elapsed).toBeLessThan(3 * delay);
	});
});
