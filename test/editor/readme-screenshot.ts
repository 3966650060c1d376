/**
 * The README's picture of the nodes panel (docs/editor-nodes.png) comes from the editor test on
 * every run, so it cannot go stale; it is rewritten only when the panel really looks different,
 * so a run that changed nothing leaves git clean.
 *
 * "Really different": another size, or more than MAX_CHANGED_PIXELS pixels that pixelmatch finds
 * different at its default perceptual threshold, not counting anti-aliasing (glyph edges that
 * Chromium may shade a little differently from one run to the next). One changed character of a
 * label is already a few dozen solid pixels; a new action changes the size.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';

export const DOCS_SCREENSHOT = path.resolve(__dirname, '..', '..', 'docs', 'editor-nodes.png');
export const MAX_CHANGED_PIXELS = 10;

/** How many pixels differ (Infinity when the sizes differ), anti-aliasing left out. */
export function changedPixels(before: Buffer, after: Buffer): number {
	const a = PNG.sync.read(before);
	const b = PNG.sync.read(after);
	if (a.width !== b.width || a.height !== b.height) return Infinity;
	return pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1, includeAA: false });
}

/** Writes `fresh` to `file` unless the picture there looks the same; says which it did. */
export function keepScreenshot(fresh: Buffer, file: string): 'written' | 'unchanged' {
	if (fs.existsSync(file) && changedPixels(fs.readFileSync(file), fresh) <= MAX_CHANGED_PIXELS) return 'unchanged';
	fs.writeFileSync(file, fresh);
	return 'written';
}

/**
 * The nodes panel (node creator) with every entry visible: the viewport grows by what the panel's
 * scrolling list hides, for the picture only, then is restored.
 */
export async function wholePanelScreenshot(page: Page): Promise<Buffer> {
	const panel = page.getByTestId('node-creator');
	const hidden = await panel.evaluate((root) => {
		// Runs in the page; this package's tsconfig has no DOM types.
		type Box = { scrollHeight: number; clientHeight: number; querySelectorAll(s: string): ArrayLike<Box> };
		const boxes = Array.from((root as unknown as Box).querySelectorAll('*'));
		return Math.max(0, ...boxes.map((box) => box.scrollHeight - box.clientHeight));
	});
	const viewport = page.viewportSize();
	if (!viewport || hidden === 0) return await panel.screenshot({ animations: 'disabled', caret: 'hide' });
	await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
	try {
		return await panel.screenshot({ animations: 'disabled', caret: 'hide' });
	} finally {
		await page.setViewportSize(viewport);
	}
}
