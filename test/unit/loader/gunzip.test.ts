import { gzipSync } from 'node:zlib';
import { gunzipWithin } from '../../../nodes/DocumentProcessing/loader/gunzip';
import { origElementsOf } from '../../../nodes/DocumentProcessing/loader/origElements';

describe('gunzipWithin: the loader reads orig_elements without node:zlib', () => {
	it('gives what zlib gzipped, at every level, with a file name and a comment in the header', () => {
		const text = Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, index) => ({ type: 'NarrativeText', text: `passage ${index} `.repeat(index % 7) }))));
		for (const level of [0, 1, 6, 9]) expect(Buffer.from(gunzipWithin(gzipSync(text, { level }), 1 << 20)).equals(text)).toBe(true);
		// FNAME and FCOMMENT (RFC 1952 2.3), as a gzip tool writes them.
		const plain = gzipSync(text);
		const named = Buffer.concat([plain.subarray(0, 3), Buffer.from([0x18]), plain.subarray(4, 10), Buffer.from('e.json\0note\0'), plain.subarray(10)]);
		expect(Buffer.from(gunzipWithin(named, 1 << 20)).equals(text)).toBe(true);
	});

	it('refuses a bomb before inflating it, and data that is no gzip', () => {
		const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
		expect(() => gunzipWithin(bomb, 4 * 1024 * 1024)).toThrow(/inflates past 4194304 bytes/);
		expect(() => gunzipWithin(Buffer.from('not gzip at all'), 1024)).toThrow(/no gzip header/);
		expect(() => gunzipWithin(gzipSync(Buffer.from('cut')).subarray(0, 12), 1024)).toThrow();
	});

	it('orig_elements: a bomb or garbage leaves the chunk its own metadata', () => {
		const elements = [{ type: 'Title', text: 'Refunds', metadata: { page_number: 2 } }];
		expect(origElementsOf({ orig_elements: gzipSync(JSON.stringify(elements)).toString('base64') })).toEqual(elements);
		expect(origElementsOf({ orig_elements: gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20)).toString('base64') })).toBeUndefined();
		expect(origElementsOf({ orig_elements: 'bm90IGd6aXA=' })).toBeUndefined();
	});
});
