import { gunzipSync } from 'node:zlib';
import { makePdf } from './test-support/pdf-fixtures';
import { useEmulator } from './test-support/fixtures';
import { partitionOn } from './test-support/partition-support';

/** The chunking parameters the service documents (the Python client's PartitionParameters), as the emulator applies them. */

interface Chunk {
	type: string;
	text: string;
	metadata: { page_number: number; orig_elements?: string; text_as_html?: string };
}

const MARKDOWN = ['# Travel', '', 'Book trains for trips under 600 km.', '', '# Hotels', '', 'Three nights at most.', '', '| Class | Allowed |', '| --- | --- |', '| First | long trips |', ''].join('\n');

describe('chunking strategies and parameters', () => {
	const post = partitionOn(useEmulator());
	const partition = async (name: string, type: string, content: string | Uint8Array, fields: Record<string, string>) => await post<Chunk[]>({ name, type, content }, fields);
	const orig = (chunk: Chunk): Array<{ type: string; text: string }> => JSON.parse(gunzipSync(Buffer.from(chunk.metadata.orig_elements ?? '', 'base64')).toString('utf8')) as Array<{ type: string; text: string }>;

	it('by_title combines sections under combine_under_n_chars and sends each chunk’s elements as base64 of gzipped JSON', async () => {
		const combined = await partition('t.md', 'text/markdown', MARKDOWN, { chunking_strategy: 'by_title' });
		expect(combined.body.map((chunk) => chunk.type)).toEqual(['CompositeElement', 'Table']);
		expect(orig(combined.body[0] as Chunk).map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'Title', 'NarrativeText']);
		const apart = await partition('t.md', 'text/markdown', MARKDOWN, { chunking_strategy: 'by_title', combine_under_n_chars: '0', include_orig_elements: 'false' });
		expect(apart.body.map((chunk) => chunk.text)).toEqual(['Travel\n\nBook trains for trips under 600 km.', 'Hotels\n\nThree nights at most.', 'Class Allowed First long trips']);
		expect(apart.body.every((chunk) => chunk.metadata.orig_elements === undefined)).toBe(true);
		expect(apart.body[2]?.metadata.text_as_html).toContain('<table>');
	});

	it('by_page starts a chunk at every page and nowhere else; by_title with multipage_sections=false too', async () => {
		const pdf = await makePdf([{ title: 'One', lines: ['First page text.'] }, { lines: ['Second page text.'] }]);
		const byPage = await partition('p.pdf', 'application/pdf', pdf, { chunking_strategy: 'by_page' });
		expect(byPage.body.map((chunk) => [chunk.metadata.page_number, chunk.text])).toEqual([[1, 'One\n\nFirst page text.'], [2, 'Second page text.']]);
		const spanning = await partition('p.pdf', 'application/pdf', pdf, { chunking_strategy: 'by_title' });
		expect(spanning.body).toHaveLength(1);
		const perPage = await partition('p.pdf', 'application/pdf', pdf, { chunking_strategy: 'by_title', multipage_sections: 'false' });
		expect(perPage.body).toHaveLength(2);
	});

	it('by_similarity keeps alike neighbours together and separates unlike ones', async () => {
		const text = ['Trains and trains tickets for trains.', 'Trains tickets for long trains trips.', 'Hotel rooms booked nightly.'].join('\n\n');
		const chunks = await partition('s.txt', 'text/plain', text, { chunking_strategy: 'by_similarity', similarity_threshold: '0.2' });
		expect(chunks.body.map((chunk) => chunk.text)).toEqual(['Trains and trains tickets for trains.\n\nTrains tickets for long trains trips.', 'Hotel rooms booked nightly.']);
	});

	it('cuts a long element into pieces of max_characters, each after the first starting with the overlap', async () => {
		const long = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
		const chunks = await partition('l.txt', 'text/plain', long, { chunking_strategy: 'basic', max_characters: '60', overlap: '10' });
		expect(chunks.body.length).toBeGreaterThan(2);
		expect(chunks.body[1]?.text.startsWith((chunks.body[0]?.text ?? '').slice(-10).trimStart())).toBe(true);
	});

	it('refuses an unknown strategy and a similarity threshold outside 0 to 1 with 422 naming the field', async () => {
		expect((await partition('a.txt', 'text/plain', 'x', { chunking_strategy: 'by_vibes' })).status).toBe(422);
		const bad = await partition('a.txt', 'text/plain', 'x', { chunking_strategy: 'by_similarity', similarity_threshold: '2' });
		expect(bad.status).toBe(422);
		expect(JSON.stringify(bad.body)).toContain('similarity_threshold');
	});
});
