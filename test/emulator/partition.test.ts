import { detailText, form, type UploadFile } from './test-support/client';
import { useEmulator } from './test-support/fixtures';
import { makePdf } from './test-support/pdf-fixtures';
import { partitionOn, type ElementBody, sha256, summary, MARKDOWN, HTML } from './test-support/partition-support';

const h = useEmulator();
const partition = partitionOn(h);

describe('file types', () => {
	it('partitions plain text into titles, paragraphs and list items, pages split by form feeds', async () => {
		const text = 'Meeting Notes\n\nThe team met on Monday to discuss the plan.\nEveryone agreed.\n\n- buy milk\n- call Bob\n\fSecond Page\n\nMore text on page two.';
		const response = await partition({ name: 'notes.txt', type: 'text/plain', content: text });
		expect(response.status).toBe(200);
		expect(summary(response.body)).toEqual([
			['Title', 'Meeting Notes'],
			['NarrativeText', 'The team met on Monday to discuss the plan. Everyone agreed.'],
			['ListItem', 'buy milk'],
			['ListItem', 'call Bob'],
			['Title', 'Second Page'],
			['NarrativeText', 'More text on page two.'],
		]);
		expect(response.body.map((element) => element.metadata.page_number)).toEqual([1, 1, 1, 1, 2, 2]);
		expect(response.body[0]?.metadata).toMatchObject({ filename: 'notes.txt', filetype: 'text/plain', languages: ['eng'] });
		expect(response.body[1]?.metadata.parent_id).toBe(response.body[0]?.element_id);
	});

	it('partitions Markdown: headings, lists, tables and code', async () => {
		const response = await partition({ name: 'handbook.md', type: 'text/markdown', content: MARKDOWN });
		expect(response.status).toBe(200);
		expect(summary(response.body)).toEqual([
			['Title', 'Project Handbook'],
			['NarrativeText', 'Welcome to the handbook. It explains how we work.'],
			['Title', 'Rules'],
			['ListItem', 'Be kind'],
			['ListItem', 'Ship small changes'],
			['Table', 'Name Role Ada Lead'],
			['CodeSnippet', 'npm test'],
		]);
		expect(response.body[2]?.metadata.category_depth).toBe(1);
		expect(response.body[5]?.metadata.text_as_html).toBe('<table><tr><td>Name</td><td>Role</td></tr><tr><td>Ada</td><td>Lead</td></tr></table>');
		expect(response.body[0]?.metadata.filetype).toBe('text/markdown');
	});

	it('partitions HTML, ignoring head, style and script', async () => {
		const response = await partition({ name: 'menu.html', type: 'text/html', content: HTML });
		expect(response.status).toBe(200);
		expect(summary(response.body)).toEqual([
			['Title', 'Fish & Chips'],
			['NarrativeText', 'A classic dish served across the country.'],
			['ListItem', 'Cod'],
			['ListItem', 'Potatoes'],
			['Table', 'Size Price Large €9'],
			['Image', 'A full plate'],
		]);
		expect(response.body[4]?.metadata.text_as_html).toBe('<table><tr><td>Size</td><td>Price</td></tr><tr><td>Large</td><td>€9</td></tr></table>');
	});

	it('partitions a PDF made with pdf-lib, one placeholder element for a page without text', async () => {
		const pdf = await makePdf([
			{ title: 'Annual Report', lines: ['Sales rose by ten percent this year.', '- North region', '- South region'] },
			{},
			{ lines: ['Closing remarks are on the last page.'] },
		]);
		const response = await partition({ name: 'report.pdf', type: 'application/pdf', content: pdf });
		expect(response.status).toBe(200);
		expect(summary(response.body)).toEqual([
			['Title', 'Annual Report'],
			['NarrativeText', 'Sales rose by ten percent this year.'],
			['ListItem', 'North region'],
			['ListItem', 'South region'],
			['Image', 'Page 2: no extractable text'],
			['NarrativeText', 'Closing remarks are on the last page.'],
		]);
		expect(response.body.map((element) => element.metadata.page_number)).toEqual([1, 1, 1, 1, 2, 3]);
		expect(response.body[0]?.metadata.filetype).toBe('application/pdf');
	});

	it.each<[string, UploadFile, string]>([
		['extension .md with a generic type', { name: 'doc.md', type: 'application/octet-stream', content: '# Heading Here' }, 'text/markdown'],
		['HTML magic with no extension', { name: 'page', type: 'application/octet-stream', content: '<!doctype html><h2>Hi There</h2>' }, 'text/html'],
		['UTF-8 text with no extension', { name: 'README', type: '', content: 'Just Words' }, 'text/plain'],
	])('detects the type by %s', async (_label, file, filetype) => {
		const response = await partition(file);
		expect(response.status).toBe(200);
		expect(response.body[0]?.metadata.filetype).toBe(filetype);
	});

	it('detects a PDF by its magic bytes', async () => {
		const pdf = await makePdf([{ title: 'Magic Title' }]);
		const response = await partition({ name: 'blob', type: 'application/octet-stream', content: pdf });
		expect(response.status).toBe(200);
		expect(response.body[0]).toMatchObject({ type: 'Title', text: 'Magic Title', metadata: { filetype: 'application/pdf' } });
	});

	it('rejects unsupported types and corrupt PDFs with 422', async () => {
		const zip = await partition({ name: 'data.zip', type: 'application/zip', content: 'PK\u0003\u0004...' });
		expect(zip.status).toBe(422);
		expect(detailText(zip.body)).toContain('data.zip');
		const corrupt = await partition({ name: 'broken.pdf', type: 'application/pdf', content: '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage' });
		expect(corrupt.status).toBe(422);
		expect(detailText(corrupt.body)).toMatch(/PDF/);
		const notPdf = await partition({ name: 'fake.pdf', type: 'application/pdf', content: 'hello' });
		expect(notPdf.status).toBe(422);
		const image = await partition({ name: 'photo.png', type: 'image/png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
		expect(image.status).toBe(422);
	});

	it('returns one element array per file when several files are sent', async () => {
		const data = form({}, [
			{ field: 'files', name: 'a.txt', type: 'text/plain', content: 'Alpha Title' },
			{ field: 'files', name: 'b.txt', type: 'text/plain', content: 'Beta Title' },
		]);
		const response = await h.client.api<ElementBody[][]>('/general/v0/general', { form: data });
		expect(response.body.map((elements) => elements.map((element) => element.text))).toEqual([['Alpha Title'], ['Beta Title']]);
	});

	it('emits a placeholder naming size and hash for a file above max_parse_bytes', async () => {
		await h.client.control('/config', 'POST', { max_parse_bytes: 1000 });
		const content = 'word '.repeat(400);
		const response = await partition({ name: 'long.txt', type: 'text/plain', content });
		expect(response.status).toBe(200);
		expect(response.body).toHaveLength(1);
		expect(response.body[0]?.text).toContain('2000 bytes');
		expect(response.body[0]?.text).toContain(sha256(content));
	});

	it('does not parse a file named by unparsed_file_pattern, whatever its size', async () => {
		await h.client.control('/config', 'POST', { unparsed_file_pattern: 'attack-' });
		const content = 'Not Read';
		const skipped = await partition({ name: 'attack-1.txt', type: 'text/plain', content });
		expect(skipped.body).toHaveLength(1);
		expect(skipped.body[0]?.text).toContain(sha256(content));
		expect((await partition({ name: 'ordinary.txt', type: 'text/plain', content })).body[0]?.text).toBe('Not Read');
	});
});

describe('element ids', () => {
	const text = 'Repeated Title\n\nA paragraph of body text.\n\nRepeated Title';

	it('uses the SHA-256 hex of the text by default, so equal texts share an id', async () => {
		const response = await partition({ name: 'ids.txt', type: 'text/plain', content: text });
		const ids = response.body.map((element) => element.element_id);
		expect(ids[0]).toBe(sha256('Repeated Title'));
		expect(ids[1]).toBe(sha256('A paragraph of body text.'));
		expect(ids[2]).toBe(ids[0]);
		const again = await partition({ name: 'ids.txt', type: 'text/plain', content: text });
		expect(again.body.map((element) => element.element_id)).toEqual(ids);
	});

	it('uses random UUIDs with unique_element_ids=true, different on every run', async () => {
		const first = await partition({ name: 'ids.txt', type: 'text/plain', content: text }, { unique_element_ids: 'true' });
		const ids = first.body.map((element) => element.element_id);
		for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(new Set(ids).size).toBe(3);
		const second = await partition({ name: 'ids.txt', type: 'text/plain', content: text }, { unique_element_ids: 'true' });
		expect(second.body.map((element) => element.element_id)).not.toEqual(ids);
		const off = await partition({ name: 'ids.txt', type: 'text/plain', content: text }, { unique_element_ids: 'false' });
		expect(off.body[0]?.element_id).toBe(sha256('Repeated Title'));
	});
});
