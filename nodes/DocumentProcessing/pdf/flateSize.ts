/**
 * The size Flate (zlib) data inflates to, found without inflating it. A back-reference adds its
 * length whatever it copies, so only the Huffman codes are read (RFC 1950/1951) and nothing is
 * written: time is linear in the compressed bytes and memory constant, however far the data
 * would inflate, and the count stops once it passes a cap. Stricter than pdf-lib's own inflater
 * (an over-subscribed code, a code no table holds, an unknown block type are errors here), never
 * looser: where both read the data, they read the same blocks, so the count is what pdf-lib would
 * produce. Node's zlib would do this too, but n8n refuses community nodes that import it.
 */

/** A code set as canonical Huffman decoding needs it: codes per length, symbols in code order. */
interface Code {
	counts: Uint16Array;
	symbols: Uint16Array;
}

const MAX_BITS = 15;
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_CODES = 30;
const distanceExtra = (symbol: number) => (symbol < 4 ? 0 : (symbol >> 1) - 1);
/** The order code-length code lengths come in (RFC 1951 3.2.7). */
const LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class BadData extends Error {}
/** The data ends before the last block does: pdf-lib stops with an error there, having produced no more. */
class Truncated extends Error {}

/** Bytes counted so far: kept when the data ends inside a block, as pdf-lib has produced them by then. */
interface Tally {
	size: number;
}

class Bits {
	private held = 0;
	private count = 0;
	constructor(
		private readonly data: Uint8Array,
		public at: number,
	) {}

	take(bits: number): number {
		while (this.count < bits) {
			if (this.at >= this.data.length) throw new Truncated();
			this.held |= (this.data[this.at++] as number) << this.count;
			this.count += 8;
		}
		const value = this.held & ((1 << bits) - 1);
		this.held >>>= bits;
		this.count -= bits;
		return value;
	}

	/** To the next byte boundary, as a stored block starts. */
	align(): void {
		this.held = 0;
		this.count = 0;
	}
}

function buildCode(lengths: number[]): Code {
	const counts = new Uint16Array(MAX_BITS + 1);
	for (const length of lengths) counts[length]++;
	counts[0] = 0;
	let left = 1;
	for (let length = 1; length <= MAX_BITS; length++) {
		left = left * 2 - (counts[length] as number);
		if (left < 0) throw new BadData('an over-subscribed Huffman code');
	}
	const offsets = new Uint16Array(MAX_BITS + 2);
	for (let length = 1; length <= MAX_BITS; length++) offsets[length + 1] = (offsets[length] as number) + (counts[length] as number);
	const symbols = new Uint16Array(lengths.length);
	lengths.forEach((length, symbol) => {
		if (length !== 0) symbols[offsets[length]++] = symbol;
	});
	return { counts, symbols };
}

function decode(bits: Bits, code: Code): number {
	let value = 0;
	let first = 0;
	let index = 0;
	for (let length = 1; length <= MAX_BITS; length++) {
		value |= bits.take(1);
		const count = code.counts[length] as number;
		if (value - count < first) return code.symbols[index + value - first] as number;
		index += count;
		first = (first + count) << 1;
		value <<= 1;
	}
	throw new BadData('a code no table holds');
}

const FIXED_LITERALS = buildCode(Array.from({ length: 288 }, (_, symbol) => (symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8)));
const FIXED_DISTANCES = buildCode(Array<number>(DISTANCE_CODES).fill(5));

function dynamicCodes(bits: Bits): [Code, Code] {
	const literals = bits.take(5) + 257;
	const distances = bits.take(5) + 1;
	const lengthCodes = bits.take(4) + 4;
	const order = Array<number>(19).fill(0);
	for (let index = 0; index < lengthCodes; index++) order[LENGTH_ORDER[index] as number] = bits.take(3);
	const lengthCode = buildCode(order);
	const lengths: number[] = [];
	while (lengths.length < literals + distances) {
		const symbol = decode(bits, lengthCode);
		if (symbol < 16) lengths.push(symbol);
		else {
			if (symbol === 16 && lengths.length === 0) throw new BadData('a repeated length with none before');
			const repeated = symbol === 16 ? (lengths[lengths.length - 1] as number) : 0;
			const times = symbol === 16 ? 3 + bits.take(2) : symbol === 17 ? 3 + bits.take(3) : 11 + bits.take(7);
			if (lengths.length + times > literals + distances) throw new BadData('code lengths past the table');
			for (let time = 0; time < times; time++) lengths.push(repeated);
		}
	}
	return [buildCode(lengths.slice(0, literals)), buildCode(lengths.slice(literals))];
}

/** Counts one block's Huffman-coded data into `tally` until its end code or past `cap`. */
function codedBlock(bits: Bits, [literals, distances]: [Code, Code], tally: Tally, cap: number): void {
	while (tally.size <= cap) {
		const symbol = decode(bits, literals);
		if (symbol < 256) tally.size++;
		else if (symbol === 256) return;
		else {
			const index = symbol - 257;
			if (index >= LENGTH_BASE.length) throw new BadData('a length code past 285');
			tally.size += (LENGTH_BASE[index] as number) + bits.take(LENGTH_EXTRA[index] as number);
			const distance = decode(bits, distances);
			if (distance >= DISTANCE_CODES) throw new BadData('a distance code past 29');
			bits.take(distanceExtra(distance));
		}
	}
}

function storedBlock(bits: Bits, data: Uint8Array, tally: Tally): void {
	bits.align();
	if (bits.at + 4 > data.length) throw new Truncated();
	const length = (data[bits.at] as number) | ((data[bits.at + 1] as number) << 8);
	const check = (data[bits.at + 2] as number) | ((data[bits.at + 3] as number) << 8);
	if (check !== (~length & 0xffff) && (length !== 0 || check !== 0)) throw new BadData('a stored block whose length fails its check');
	const start = bits.at + 4;
	bits.at = start + length;
	// A stored block cut short gives what it holds.
	tally.size += Math.min(length, data.length - start);
}

/** The bytes `data` inflates to, `cap + 1` once past `cap`, or why it is not Flate data. */
export function flateSize(data: Uint8Array, cap: number): number | string {
	if (data.length < 2) return 'no zlib header';
	const method = data[0] as number;
	const flags = data[1] as number;
	if ((method & 0x0f) !== 8 || ((method << 8) + flags) % 31 !== 0 || (flags & 0x20) !== 0) return 'no zlib header';
	const bits = new Bits(data, 2);
	const tally: Tally = { size: 0 };
	try {
		for (let last = 0; last === 0 && tally.size <= cap; ) {
			last = bits.take(1);
			const type = bits.take(2);
			if (type === 0) storedBlock(bits, data, tally);
			else if (type === 1) codedBlock(bits, [FIXED_LITERALS, FIXED_DISTANCES], tally, cap);
			else if (type === 2) codedBlock(bits, dynamicCodes(bits), tally, cap);
			else throw new BadData('an unknown block type');
		}
	} catch (error) {
		// Data that ends early counts what it held; anything else is a reason not to trust it.
		if (!(error instanceof Truncated)) return error instanceof BadData ? error.message : String(error);
	}
	return Math.min(tally.size, cap + 1);
}
