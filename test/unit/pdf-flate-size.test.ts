/**
 * flateSize (pdf/flateSize.ts) counts what Flate data inflates to without inflating it: checked
 * against Node's zlib on data of every kind zlib writes (stored, fixed and dynamic Huffman blocks,
 * every level and strategy), on data cut short and on data that is no Flate.
 */
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { flateSize } from '../../nodes/DocumentProcessing/pdf/flateSize';
import { random } from '../integration/support/pdfs';

const MIB = 2 ** 20;

/** Text-like data with repeats, as object streams hold, and `noise` parts in a thousand random. */
function sample(size: number, seed: number, noise: number): Buffer {
	const next = random(seed);
	const words = ['<< /Type /Page', '/Parent 3 0 R', '/Contents', '>>', '[0 0 595 842]', '/Font', ' ', '\n'];
	const out = Buffer.alloc(size);
	for (let at = 0; at < size; ) {
		if (next() * 1000 < noise) out[at++] = Math.floor(next() * 256);
		else at += out.write(words[Math.floor(next() * words.length)] as string, at, 'latin1');
	}
	return out;
}

/** Values of so many bits each, packed as Deflate packs them: first value in the lowest bits. */
function packBits(fields: Array<[value: number, bits: number]>): number[] {
	const bytes: number[] = [];
	let at = 0;
	for (const [value, bits] of fields) {
		for (let bit = 0; bit < bits; bit++, at++) {
			if (at % 8 === 0) bytes.push(0);
			bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) | (((value >> bit) & 1) << (at % 8));
		}
	}
	return [...bytes, 0xff, 0xff];
}

describe('flateSize: what Flate data inflates to, without inflating it', () => {
	const strategies = [constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE, constants.Z_FILTERED];
	it.each([0, 1, 6, 9])('counts what zlib inflates, level %i, every strategy, small and large', (level) => {
		for (const strategy of strategies) {
			for (const [size, noise] of [[0, 0], [1, 0], [300, 0], [70_000, 5], [200_000, 300], [100_000, 1000]] as const) {
				const data = sample(size, size + level + strategy, noise);
				const compressed = deflateSync(data, { level, strategy });
				expect({ level, strategy, size, counted: flateSize(compressed, 10 * MIB) }).toEqual({ level, strategy, size, counted: size });
			}
		}
	});

	it('stops past the cap, in time linear in the compressed bytes', () => {
		const bomb = deflateSync(Buffer.alloc(256 * MIB), { level: 9 });
		const started = Date.now();
		expect(flateSize(bomb, 2 * MIB)).toBe(2 * MIB + 1);
		expect(flateSize(bomb, 1_000 * MIB)).toBe(256 * MIB);
		expect(Date.now() - started).toBeLessThan(2_000);
	});

	it('counts what data cut short holds, as zlib does (but for a code cut in two)', () => {
		const data = sample(300_000, 7, 20);
		for (const level of [0, 6]) {
			const compressed = deflateSync(data, { level });
			for (const cut of [3, 100, compressed.length / 3, compressed.length - 5]) {
				const part = compressed.subarray(0, Math.floor(cut));
				const zlib = inflateSync(part, { finishFlush: constants.Z_SYNC_FLUSH }).length;
				const counted = flateSize(part, 10 * MIB) as number;
				// zlib holds back up to a few bytes of a code cut in two; a stored block cut short counts its bytes.
				expect(Math.abs(counted - zlib)).toBeLessThanOrEqual(level === 0 ? 0 : 258);
			}
		}
	});

	it('says why data is no Flate', () => {
		expect(flateSize(Buffer.from('plain text'), MIB)).toBe('no zlib header');
		expect(flateSize(Buffer.from([0x78]), MIB)).toBe('no zlib header');
		// A zlib header, then a block of type 3.
		expect(flateSize(Buffer.from([0x78, 0x9c, 0b111]), MIB)).toBe('an unknown block type');
		// A stored block whose length fails its check.
		expect(flateSize(Buffer.from([0x78, 0x9c, 0b001, 5, 0, 5, 0]), MIB)).toBe('a stored block whose length fails its check');
		// A dynamic block whose code-length code is over-subscribed: four codes of 1 bit.
		expect(flateSize(Buffer.from([0x78, 0x9c, ...packBits([[1, 1], [2, 2], [0, 5], [0, 5], [0, 4], [1, 3], [1, 3], [1, 3], [1, 3]])]), MIB)).toBe(
			'an over-subscribed Huffman code',
		);
	});
});
