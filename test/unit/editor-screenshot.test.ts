/**
 * When the editor test rewrites docs/editor-nodes.png (test/editor/readme-screenshot.ts): never for
 * the same picture or a few stray pixels, always for a changed label, another size or no file yet.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { changedPixels, keepScreenshot, MAX_CHANGED_PIXELS } from '../editor/readme-screenshot';

/** A white picture with dark "labels": [x, y, width, height] boxes. */
function picture(width: number, height: number, labels: Array<[number, number, number, number]>, stray: Array<[number, number]> = []): Buffer {
	const png = new PNG({ width, height });
	png.data.fill(255);
	const paint = (x: number, y: number, grey: number): void => {
		const i = (y * width + x) * 4;
		png.data[i] = png.data[i + 1] = png.data[i + 2] = grey;
	};
	for (const [x0, y0, w, h] of labels) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) paint(x, y, 30);
	for (const [x, y] of stray) paint(x, y, 200);
	return PNG.sync.write(png);
}

const LABELS: Array<[number, number, number, number]> = [
	[10, 10, 60, 8],
	[10, 30, 45, 8],
	[10, 50, 80, 8],
];

describe('the README screenshot of the nodes panel', () => {
	let dir = '';
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-shot-'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('is written when there is none yet', () => {
		const file = path.join(dir, 'panel.png');
		expect(keepScreenshot(picture(120, 80, LABELS), file)).toBe('written');
		expect(fs.readFileSync(file)).toEqual(picture(120, 80, LABELS));
	});

	it('is left alone for the same picture and for a few stray pixels', () => {
		const file = path.join(dir, 'panel.png');
		fs.writeFileSync(file, picture(120, 80, LABELS));
		const stray: Array<[number, number]> = Array.from({ length: MAX_CHANGED_PIXELS }, (_, i) => [100 + (i % 5), 70 + Math.floor(i / 5)]);
		expect(changedPixels(picture(120, 80, LABELS), picture(120, 80, LABELS, stray))).toBe(MAX_CHANGED_PIXELS);
		expect(keepScreenshot(picture(120, 80, LABELS), file)).toBe('unchanged');
		expect(keepScreenshot(picture(120, 80, LABELS, stray), file)).toBe('unchanged');
		expect(fs.readFileSync(file)).toEqual(picture(120, 80, LABELS));
	});

	it('is rewritten when a label changes (one character is dozens of pixels) or the size does', () => {
		const file = path.join(dir, 'panel.png');
		fs.writeFileSync(file, picture(120, 80, LABELS));
		const longer: Array<[number, number, number, number]> = [LABELS[0], [10, 30, 51, 8], LABELS[2]];
		expect(changedPixels(picture(120, 80, LABELS), picture(120, 80, longer))).toBe(48);
		expect(keepScreenshot(picture(120, 80, longer), file)).toBe('written');
		expect(fs.readFileSync(file)).toEqual(picture(120, 80, longer));
		// One more action: the panel grows.
		const grown = picture(120, 100, [...longer, [10, 70, 50, 8]]);
		expect(changedPixels(picture(120, 80, longer), grown)).toBe(Infinity);
		expect(keepScreenshot(grown, file)).toBe('written');
	});
});
