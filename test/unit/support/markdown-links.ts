/**
 * Relative links of the project's Markdown pages, and the anchors a page offers, read the way
 * GitHub renders them: heading slugs (lower case, punctuation dropped, spaces to hyphens, repeats
 * numbered) and explicit `<a id>`/`<a name>` anchors. Code blocks and code spans are not links.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface MarkdownLink {
	/** The page the link is on, relative to the repository. */
	page: string;
	line: number;
	target: string;
}

/** Fenced blocks become empty lines (line numbers stay), code spans disappear. */
function proseLines(markdown: string): string[] {
	let fenced = false;
	return markdown.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line.replace(/`[^`]*`/g, '');
	});
}

/** GitHub's heading anchor: the text without markup, lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** Every anchor a page offers. */
export function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		if (fenced) continue;
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (heading) {
			const slug = headingSlug(heading[1]);
			const count = seen.get(slug) ?? 0;
			seen.set(slug, count + 1);
			anchors.add(count === 0 ? slug : `${slug}-${count}`);
		}
		for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]);
	}
	return anchors;
}

/** The relative links of a page: Markdown links, images, reference definitions, `href`/`src` attributes. */
export function relativeLinks(root: string, page: string): MarkdownLink[] {
	const links: MarkdownLink[] = [];
	proseLines(fs.readFileSync(path.join(root, page), 'utf8')).forEach((text, index) => {
		const targets = [
			...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
			...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)].map((m) => m[1]),
			...[...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
		];
		for (const target of targets) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and other absolute addresses
			links.push({ page, line: index + 1, target });
		}
	});
	return links;
}

/** Why a link is dead, or undefined when its file (and anchor) exist. */
export function deadReason(root: string, link: MarkdownLink): string | undefined {
	const [filePart, anchor] = link.target.split('#', 2) as [string, string | undefined];
	const file = filePart === '' ? path.join(root, link.page) : path.resolve(root, path.dirname(link.page), decodeURIComponent(filePart));
	if (!fs.existsSync(file)) return `no file ${path.relative(root, file)}`;
	if (anchor === undefined || anchor === '') return undefined;
	if (!file.endsWith('.md')) return `an anchor into ${path.relative(root, file)}, which is not a Markdown page`;
	const anchors = anchorsOf(fs.readFileSync(file, 'utf8'));
	return anchors.has(decodeURIComponent(anchor)) ? undefined : `no heading or anchor "#${anchor}" in ${path.relative(root, file)}`;
}
