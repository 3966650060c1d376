/**
 * Reads the text-showing operators of a PDF content stream (tokens from pdf-lexer.ts). Enough for
 * PDFs written with standard fonts (as pdf-lib does); no font programs, no CMaps.
 */
import { Lexer, type Operand } from './pdf-lexer';

export interface TextLine {
	text: string;
	x: number;
	y: number;
	fontSize: number;
}

/** The text of one BT … ET object, as lines in drawing order. */
export interface TextObject {
	lines: TextLine[];
	leading: number;
}

function num(value: Operand | undefined, fallback = 0): number {
	return typeof value === 'number' ? value : fallback;
}

/** Text of a TJ array: strings concatenated, a large negative kerning read as a word gap. */
function arrayText(items: Operand[]): string {
	return items
		.map((item) => {
			if (typeof item === 'string') return item;
			if (typeof item === 'number' && item < -200) return ' ';
			return '';
		})
		.join('');
}

export function extractTextObjects(content: Uint8Array): TextObject[] {
	const lexer = new Lexer(content);
	const objects: TextObject[] = [];
	const stack: Operand[][] = [];
	let operands: Operand[] = [];
	let current: TextObject | null = null;
	let fontSize = 12;
	let leading = 0;
	let lineX = 0;
	let lineY = 0;
	let newLine = true;

	const show = (text: string): void => {
		if (current === null) return;
		const last = current.lines[current.lines.length - 1];
		if (!newLine && last !== undefined) last.text += text;
		else current.lines.push({ text, x: lineX, y: lineY, fontSize });
		newLine = false;
	};
	const moveTo = (x: number, y: number): void => {
		if (y !== lineY) newLine = true;
		lineX = x;
		lineY = y;
	};
	const nextLine = (): void => moveTo(lineX, lineY - (leading || fontSize * 1.2));

	for (let token = lexer.next(); token !== null; token = lexer.next()) {
		if (typeof token === 'number' || typeof token === 'string' || Array.isArray(token) || 'name' in token) {
			operands.push(token);
			continue;
		}
		const { op } = token;
		if (op === '[') {
			stack.push(operands);
			operands = [];
			continue;
		}
		if (op === ']') {
			const array = operands;
			operands = stack.pop() ?? [];
			operands.push(array);
			continue;
		}
		if (op === '<<' || op === '>>') continue;
		switch (op) {
			case 'BT':
				current = { lines: [], leading: 0 };
				lineX = 0;
				lineY = 0;
				newLine = true;
				break;
			case 'ET':
				if (current !== null && current.lines.some((line) => line.text.trim() !== '')) {
					current.leading = leading || fontSize * 1.2;
					objects.push(current);
				}
				current = null;
				break;
			case 'Tf':
				fontSize = Math.abs(num(operands[1], fontSize)) || fontSize;
				break;
			case 'TL':
				leading = num(operands[0]);
				break;
			case 'Td':
				moveTo(lineX + num(operands[0]), lineY + num(operands[1]));
				break;
			case 'TD':
				leading = -num(operands[1]);
				moveTo(lineX + num(operands[0]), lineY + num(operands[1]));
				break;
			case 'Tm':
				moveTo(num(operands[4]), num(operands[5]));
				newLine = true;
				break;
			case 'T*':
				nextLine();
				break;
			case 'Tj':
				if (typeof operands[0] === 'string') show(operands[0]);
				break;
			case 'TJ':
				if (Array.isArray(operands[0])) show(arrayText(operands[0]));
				break;
			case "'":
				nextLine();
				if (typeof operands[0] === 'string') show(operands[0]);
				break;
			case '"':
				nextLine();
				if (typeof operands[2] === 'string') show(operands[2]);
				break;
			case 'BI':
				break;
			case 'ID':
				lexer.skipInlineImage();
				break;
			default:
				break;
		}
		operands = [];
	}
	return objects;
}
