import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { compressionOf, unzipWithin, type Unzipped } from '../../../nodes/DocumentProcessing/loader/unzip';

const bytesOf = (unzipped: Unzipped): Buffer => {
	if (!('bytes' in unzipped)) throw new Error(`not inflated: ${JSON.stringify(unzipped)}`);
	return unzipped.bytes;
};

const text = Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, index) => ({ type: 'NarrativeText', text: `passage ${index} `.repeat(index % 7) }))));

describe('unzipWithin: orig_elements as the service compresses them, and gzip', () => {
	it('reads zlib (the service’s zlib.compress) and gzip at every level, with a gzip file name and comment', async () => {
		for (const level of [0, 1, 6, 9]) {
			expect(bytesOf(await unzipWithin(deflateSync(text, { level }), 1 << 20)).equals(text)).toBe(true);
			expect(bytesOf(await unzipWithin(gzipSync(text, { level }), 1 << 20)).equals(text)).toBe(true);
		}
		const plain = gzipSync(text);
		const named = Buffer.concat([plain.subarray(0, 3), Buffer.from([0x18]), plain.subarray(4, 10), Buffer.from('e.json\0note\0'), plain.subarray(10)]);
		expect(bytesOf(await unzipWithin(named, 1 << 20)).equals(text)).toBe(true);
	});

	it('reads output past what is inflated inline (256 KiB) on the thread pool, whole', async () => {
		const large = Buffer.from('x'.repeat(3 * 1024 * 1024 + 7));
		expect(bytesOf(await unzipWithin(deflateSync(large), 4 * 1024 * 1024)).equals(large)).toBe(true);
		expect(bytesOf(await unzipWithin(gzipSync(large), large.length)).equals(large)).toBe(true);
		expect(await unzipWithin(deflateSync(large), large.length - 1)).toEqual({ tooLarge: true });
	});

	it('tells the framing by the header: zlib’s 0x78 pair, gzip’s 1f 8b 08, else neither', () => {
		expect(compressionOf(deflateSync(text))).toBe('zlib');
		expect(compressionOf(deflateSync(text, { level: 1 }))).toBe('zlib');
		expect(compressionOf(gzipSync(text))).toBe('gzip');
		expect(compressionOf(deflateRawSync(text))).toBeUndefined();
		expect(compressionOf(Buffer.from('{"not":"compressed"}'))).toBeUndefined();
		expect(compressionOf(Buffer.from([0x78]))).toBeUndefined();
	});

	it('stops a bomb at the cap in either framing, and refuses data that is neither', async () => {
		for (const bomb of [deflateSync(Buffer.alloc(64 * 1024 * 1024)), gzipSync(Buffer.alloc(64 * 1024 * 1024))]) {
			expect(await unzipWithin(bomb, 4 * 1024 * 1024)).toEqual({ tooLarge: true });
		}
		expect(await unzipWithin(Buffer.from('not compressed at all'), 1024)).toEqual({ invalid: 'neither zlib nor gzip data' });
		expect(await unzipWithin(deflateSync(text).subarray(0, 40), 1 << 20)).toEqual({ invalid: expect.stringMatching(/^not valid compressed data/) });
	});
});
