/**
 * Flate (zlib, RFC 1950/1951) decoding that never produces more than a cap: the one inflater of
 * the object and cross-reference streams pdf-lib parses while it loads a file (inflateBudget.ts).
 * pdf-lib parses the bytes decoded here and its own inflater never runs on them, so the bytes
 * charged are the bytes parsed: a second reader measuring while pdf-lib inflated could disagree
 * with it, and did (docs/security.md, issue 43). Two passes of the same code: the first only
 * measures (nothing written: a bomb is refused in time linear in its compressed bytes, without
 * memory), the second writes into a buffer of exactly the measured size. Stricter than pdf-lib's
 * inflater, which reads any table and pads a cut-off stored block with zeros up to its declared
 * length: an over-subscribed code, a code no table holds, a back-reference before the start, a
 * length or distance code past the alphabet, data ending inside a block are errors here (the file
 * is then sent whole); a stored block's declared length counts before its bytes are looked for.
 * Node's zlib would do this too, but n8n refuses community nodes that import it.
 */

/** A code set as canonical Huffman decoding needs it: codes per length, symbols in code order. */
interface Code {
	counts: Uint16Array;
	symbols: Uint16Array;
}

export type Inflated = { bytes: Uint8Array } | { tooLarge: true } | { invalid: string };

const MAX_BITS = 15;
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const distanceExtra = (symbol: number) => (symbol < 4 ? 0 : (symbol >> 1) - 1);
const END_OF_BLOCK = 256;
/** RFC 1951 3.2.7: at most 286 literal/length and 30 distance codes are ever used. */
const [MAX_LITERALS, MAX_DISTANCES] = [286, 30];
/** The order code-length code lengths come in (RFC 1951 3.2.7). */
const LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class Invalid extends Error {}
class TooLarge extends Error {}

class Bits {
	private held = 0;
	private count = 0;
	constructor(
		readonly data: Uint8Array,
		public at: number,
	) {}

	/** Loads whole bytes until `bits` are held, or the data ends. */
	private fill(bits: number): void {
		for (; this.count < bits && this.at < this.data.length; this.count += 8) this.held |= (this.data[this.at++] as number) << this.count;
	}

	take(bits: number): number {
		this.fill(bits);
		if (this.count < bits) throw new Invalid('it ends inside a block');
		const value = this.held & ((1 << bits) - 1);
		this.held >>>= bits;
		this.count -= bits;
		return value;
	}

	/**
	 * One Huffman symbol of `code`, a bit at a time from bits loaded ahead (15 while there are
	 * bytes): an incomplete code is fine until data uses a code it lacks.
	 */
	symbol(code: Code): number {
		this.fill(MAX_BITS);
		let held = this.held;
		let value = 0;
		let first = 0;
		let index = 0;
		for (let length = 1; length <= MAX_BITS; length++) {
			if (length > this.count) throw new Invalid('it ends inside a block');
			value |= held & 1;
			held >>>= 1;
			const count = code.counts[length] as number;
			if (value - count < first) {
				this.held = held;
				this.count -= length;
				return code.symbols[index + value - first] as number;
			}
			index += count;
			first = (first + count) << 1;
			value <<= 1;
		}
		throw new Invalid('a code no table holds');
	}

	/**
	 * To the next byte boundary, as a stored block's length starts: the bits left in the current
	 * byte are dropped, and whole bytes loaded ahead are given back (reading them as if consumed
	 * is how pdf-lib's inflater came to read a stored block's length late: issue 43).
	 */
	align(): void {
		this.at -= this.count >> 3;
		this.held = 0;
		this.count = 0;
	}
}

/** What the data inflates to so far: counted, and written when `bytes` is given (the second pass). */
class Output {
	size = 0;
	constructor(
		private readonly bytes: Uint8Array | undefined,
		private readonly cap: number,
	) {}

	literal(byte: number): void {
		if (this.size >= this.cap) throw new TooLarge();
		if (this.bytes) this.bytes[this.size] = byte;
		this.size++;
	}

	copy(distance: number, length: number): void {
		if (distance > this.size) throw new Invalid('a back-reference before the start');
		if (this.size + length > this.cap) throw new TooLarge();
		// Natively, in pieces no longer than what lies between source and target: an overlapping
		// copy repeats its pattern, and each piece doubles what can be copied next (2 to 10 times
		// faster than byte by byte).
		const { bytes, size } = this;
		for (let to = size, left = length; bytes && left > 0; ) {
			const piece = Math.min(left, to - (size - distance));
			bytes.copyWithin(to, size - distance, size - distance + piece);
			to += piece;
			left -= piece;
		}
		this.size += length;
	}

	stored(data: Uint8Array, start: number, length: number): void {
		if (this.size + length > this.cap) throw new TooLarge();
		if (start + length > data.length) throw new Invalid('it ends inside a stored block');
		this.bytes?.set(data.subarray(start, start + length), this.size);
		this.size += length;
	}
}

function buildCode(lengths: ArrayLike<number>): Code {
	const counts = new Uint16Array(MAX_BITS + 1);
	for (let symbol = 0; symbol < lengths.length; symbol++) counts[lengths[symbol] as number]++;
	counts[0] = 0;
	let left = 1;
	for (let length = 1; length <= MAX_BITS; length++) {
		left = left * 2 - (counts[length] as number);
		if (left < 0) throw new Invalid('an over-subscribed Huffman code');
	}
	const offsets = new Uint16Array(MAX_BITS + 2);
	for (let length = 1; length <= MAX_BITS; length++) offsets[length + 1] = (offsets[length] as number) + (counts[length] as number);
	const symbols = new Uint16Array(lengths.length);
	for (let symbol = 0; symbol < lengths.length; symbol++) if (lengths[symbol] !== 0) symbols[offsets[lengths[symbol] as number]++] = symbol;
	return { counts, symbols };
}

const FIXED_LITERALS = buildCode(Array.from({ length: 288 }, (_, symbol) => (symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8)));
const FIXED_DISTANCES = buildCode(Array<number>(30).fill(5));

function dynamicCodes(bits: Bits): [Code, Code] {
	const [literals, distances, lengthCodes] = [bits.take(5) + 257, bits.take(5) + 1, bits.take(4) + 4];
	if (literals > MAX_LITERALS || distances > MAX_DISTANCES) throw new Invalid('more length or distance codes than there are');
	const order = new Uint8Array(19);
	for (let index = 0; index < lengthCodes; index++) order[LENGTH_ORDER[index] as number] = bits.take(3);
	const lengthCode = buildCode(order);
	const lengths = new Uint8Array(literals + distances);
	for (let at = 0; at < lengths.length; ) {
		const symbol = bits.symbol(lengthCode);
		if (symbol < 16) lengths[at++] = symbol;
		else {
			if (symbol === 16 && at === 0) throw new Invalid('a repeated length with none before');
			const repeated = symbol === 16 ? (lengths[at - 1] as number) : 0;
			const times = symbol === 16 ? 3 + bits.take(2) : symbol === 17 ? 3 + bits.take(3) : 11 + bits.take(7);
			if (at + times > lengths.length) throw new Invalid('code lengths past the table');
			lengths.fill(repeated, at, at + times);
			at += times;
		}
	}
	if (lengths[END_OF_BLOCK] === 0) throw new Invalid('no end-of-block code');
	return [buildCode(lengths.subarray(0, literals)), buildCode(lengths.subarray(literals))];
}

/** One block's Huffman-coded data, up to its end code. */
function codedBlock(bits: Bits, [literals, distances]: [Code, Code], out: Output): void {
	for (;;) {
		const symbol = bits.symbol(literals);
		if (symbol < END_OF_BLOCK) out.literal(symbol);
		else if (symbol === END_OF_BLOCK) return;
		else {
			const index = symbol - 257;
			if (index >= LENGTH_BASE.length) throw new Invalid('a length code past 285');
			const length = (LENGTH_BASE[index] as number) + bits.take(LENGTH_EXTRA[index] as number);
			const distance = bits.symbol(distances);
			if (distance >= DISTANCE_BASE.length) throw new Invalid('a distance code past 29');
			out.copy((DISTANCE_BASE[distance] as number) + bits.take(distanceExtra(distance)), length);
		}
	}
}

function storedBlock(bits: Bits, out: Output): void {
	bits.align();
	const { data, at } = bits;
	if (at + 4 > data.length) throw new Invalid('it ends inside a block');
	const length = (data[at] as number) | ((data[at + 1] as number) << 8);
	const check = (data[at + 2] as number) | ((data[at + 3] as number) << 8);
	// An empty block with a zero check is let through, as pdf-lib (and pdf.js before it) does.
	if (check !== (~length & 0xffff) && (length !== 0 || check !== 0)) throw new Invalid('a stored block whose length fails its check');
	out.stored(data, at + 4, length);
	bits.at = at + 4 + length;
}

function run(data: Uint8Array, out: Output): void {
	const bits = new Bits(data, 2);
	for (let last = 0; last === 0; ) {
		last = bits.take(1);
		const type = bits.take(2);
		if (type === 0) storedBlock(bits, out);
		else if (type === 1) codedBlock(bits, [FIXED_LITERALS, FIXED_DISTANCES], out);
		else if (type === 2) codedBlock(bits, dynamicCodes(bits), out);
		else throw new Invalid('an unknown block type');
	}
}

function pass(data: Uint8Array, out: Output): { invalid: string } | { tooLarge: true } | undefined {
	try {
		run(data, out);
		return undefined;
	} catch (error) {
		// Anything unforeseen is a reason not to trust the data either: the file is then sent whole.
		if (error instanceof TooLarge) return { tooLarge: true };
		return { invalid: error instanceof Invalid ? error.message : String(error) };
	}
}

/**
 * The bytes zlib data `data` inflates to, if they are at most `cap`; `tooLarge` otherwise, with
 * nothing inflated; or why it is not Flate data. What follows the last block (the checksum) is
 * not read, as pdf-lib does not read it.
 */
export function inflateWithin(data: Uint8Array, cap: number): Inflated {
	if (data.length < 2) return { invalid: 'no zlib header' };
	const method = data[0] as number;
	const flags = data[1] as number;
	if ((method & 0x0f) !== 8 || ((method << 8) + flags) % 31 !== 0 || (flags & 0x20) !== 0) return { invalid: 'no zlib header' };
	const measure = new Output(undefined, cap);
	const measured = pass(data, measure);
	if (measured) return measured;
	const bytes = new Uint8Array(measure.size);
	// The same code again, bounded by the buffer: it cannot take more than the first pass measured.
	return pass(data, new Output(bytes, bytes.length)) ?? { bytes };
}
