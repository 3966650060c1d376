import { gunzipSync, inflateSync } from 'node:zlib';
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
	const h = useEmulator();
	const post = partitionOn(h);
	const partition = async (name: string, type: string, content: string | Uint8Array, fields: Record<string, string>) => await post<Chunk[]>({ name, type, content }, fields);
	const packed = (chunk: Chunk): Buffer => Buffer.from(chunk.metadata.orig_elements ?? '', 'base64');
	const orig = (chunk: Chunk): Array<{ type: string; text: string; metadata: { parent_id?: string } }> => JSON.parse(inflateSync(packed(chunk)).toString('utf8')) as Array<{ type: string; text: string; metadata: { parent_id?: string } }>;

	it('by_title combines sections under combine_under_n_chars and sends each chunk’s elements as the service does: base64 of zlib-compressed JSON', async () => {
		const combined = await partition('t.md', 'text/markdown', MARKDOWN, { chunking_strategy: 'by_title' });
		expect(combined.body.map((chunk) => chunk.type)).toEqual(['CompositeElement', 'Table']);
		// zlib's header (RFC 1950: deflate, 32 KiB window), not gzip's 1f 8b.
		expect(packed(combined.body[0] as Chunk)[0]).toBe(0x78);
		expect(() => gunzipSync(packed(combined.body[0] as Chunk))).toThrow();
		const members = orig(combined.body[0] as Chunk);
		expect(members.map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'Title', 'NarrativeText']);
		// The originals keep their parent ids (the service drops parent_id from a chunk's own metadata).
		expect(members[1]?.metadata.parent_id).toEqual(expect.any(String));
		expect((combined.body[0]?.metadata as Record<string, unknown>).parent_id).toBeUndefined();
		const apart = await partition('t.md', 'text/markdown', MARKDOWN, { chunking_strategy: 'by_title', combine_under_n_chars: '0', include_orig_elements: 'false' });
		expect(apart.body.map((chunk) => chunk.text)).toEqual(['Travel\n\nBook trains for trips under 600 km.', 'Hotels\n\nThree nights at most.', 'Class Allowed First long trips']);
		expect(apart.body.every((chunk) => chunk.metadata.orig_elements === undefined)).toBe(true);
		expect(apart.body[2]?.metadata.text_as_html).toContain('<table>');
	});

	it('sends them gzipped instead when set to orig_elements_encoding: gzip', async () => {
		h.emulator.setConfig({ orig_elements_encoding: 'gzip' });
		const chunks = await partition('t.md', 'text/markdown', MARKDOWN, { chunking_strategy: 'by_title' });
		expect([...packed(chunks.body[0] as Chunk).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
		const members = JSON.parse(gunzipSync(packed(chunks.body[0] as Chunk)).toString('utf8')) as Array<{ type: string }>;
		expect(members.map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'Title', 'NarrativeText']);
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
