/**
 * Tokenises a PDF content stream: numbers, strings (literal and hex, decoded as WinAnsi or
 * UTF-16BE), names, arrays and operators. Enough for PDFs written with standard fonts (as
 * pdf-lib does); no font programs, no CMaps.
 */

export type Operand = number | string | Operand[] | { name: string };

// WinAnsiEncoding differs from Latin-1 only in 0x80–0x9F.
const WIN_ANSI_HIGH: Record<number, string> = {
	0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹',
	0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™',
	0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

export function decodePdfString(bytes: number[]): string {
	if (bytes[0] === 0xfe && bytes[1] === 0xff) {
		let text = '';
		for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
		return text;
	}
	return bytes.map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');
}

const isWhite = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number): boolean => '()<>[]{}/%'.includes(String.fromCharCode(c));

export class Lexer {
	private pos = 0;
	constructor(private readonly data: Uint8Array) {}

	/** Returns the next operand or operator; `null` at the end. Operators come back as `{op}`. */
	next(): Operand | { op: string } | null {
		this.skipWhitespaceAndComments();
		if (this.pos >= this.data.length) return null;
		const c = this.data[this.pos] ?? 0;
		if (c === 0x28) return this.literalString();
		if (c === 0x3c && this.data[this.pos + 1] === 0x3c) {
			this.pos += 2;
			return { op: '<<' };
		}
		if (c === 0x3e && this.data[this.pos + 1] === 0x3e) {
			this.pos += 2;
			return { op: '>>' };
		}
		if (c === 0x3c) return this.hexString();
		if (c === 0x5b) {
			this.pos += 1;
			return { op: '[' };
		}
		if (c === 0x5d) {
			this.pos += 1;
			return { op: ']' };
		}
		if (c === 0x2f) {
			this.pos += 1;
			return { name: this.word() };
		}
		const word = this.word() || String.fromCharCode(this.data[this.pos++] ?? 0);
		if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
		return { op: word };
	}

	/** Skips inline image data, which is binary and may contain anything. */
	skipInlineImage(): void {
		while (this.pos < this.data.length) {
			if (
				this.data[this.pos] === 0x45 &&
				this.data[this.pos + 1] === 0x49 &&
				isWhite(this.data[this.pos - 1] ?? 0x20) &&
				(this.pos + 2 >= this.data.length || isWhite(this.data[this.pos + 2] ?? 0x20))
			) {
				this.pos += 2;
				return;
			}
			this.pos += 1;
		}
	}

	private skipWhitespaceAndComments(): void {
		while (this.pos < this.data.length) {
			const c = this.data[this.pos] ?? 0;
			if (isWhite(c)) this.pos += 1;
			else if (c === 0x25) while (this.pos < this.data.length && this.data[this.pos] !== 0x0a && this.data[this.pos] !== 0x0d) this.pos += 1;
			else break;
		}
	}

	private word(): string {
		const start = this.pos;
		while (this.pos < this.data.length && !isWhite(this.data[this.pos] ?? 0) && !isDelimiter(this.data[this.pos] ?? 0)) this.pos += 1;
		return Buffer.from(this.data.subarray(start, this.pos)).toString('latin1');
	}

	private literalString(): string {
		this.pos += 1;
		const bytes: number[] = [];
		let depth = 1;
		while (this.pos < this.data.length) {
			const c = this.data[this.pos++] ?? 0;
			if (c === 0x5c) {
				const e = this.data[this.pos++] ?? 0;
				const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
				if (simple[e] !== undefined) bytes.push(simple[e] ?? 0);
				else if (e >= 0x30 && e <= 0x37) {
					let octal = e - 0x30;
					for (let k = 0; k < 2 && (this.data[this.pos] ?? 0) >= 0x30 && (this.data[this.pos] ?? 0) <= 0x37; k++) octal = octal * 8 + ((this.data[this.pos++] ?? 0x30) - 0x30);
					bytes.push(octal & 0xff);
				} else if (e === 0x0d) {
					if (this.data[this.pos] === 0x0a) this.pos += 1;
				} else if (e !== 0x0a) bytes.push(e);
				continue;
			}
			if (c === 0x28) depth += 1;
			if (c === 0x29 && --depth === 0) break;
			bytes.push(c);
		}
		return decodePdfString(bytes);
	}

	private hexString(): string {
		this.pos += 1;
		let hex = '';
		while (this.pos < this.data.length && this.data[this.pos] !== 0x3e) {
			const ch = String.fromCharCode(this.data[this.pos++] ?? 0);
			if (/[0-9a-fA-F]/.test(ch)) hex += ch;
		}
		this.pos += 1;
		if (hex.length % 2 === 1) hex += '0';
		const bytes: number[] = [];
		for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
		return decodePdfString(bytes);
	}
}
