/**
 * The page tree as it really is, before anything trusts it. A page tree is meant to be a tree:
 * each node and page listed once, `/Count` the pages below a node. A hostile file breaks that in
 * a few hundred bytes: `/Kids` repeating one reference (with `/Count` to match) makes ten levels
 * of ten kids 10¹⁰ pages to a reader that expands the tree, as pdf-lib's page list does; a node
 * listing an ancestor never ends. So the tree is walked once here, every node at most once
 * (a visited set), without recursion and with a bound on the nodes; a tree that reuses a node,
 * holds a cycle, states a `/Count` that disagrees with the pages found or holds more pages than
 * the file's size can is not trusted, and the file is sent whole (docs/security.md).
 * Pure over a view of the file's objects, so pdfDocument.ts stays the one pdf-lib user.
 */

/** How the walk sees the file's objects; `N` is the reader's own object type. */
export interface PageTreeView<N> {
	root: N;
	/** `tree` for a `/Type /Pages` node, `page` for a `/Type /Page` leaf, `other` for anything else (skipped, as readers do). */
	kind(node: N): 'tree' | 'page' | 'other';
	/** A tree node's kids, references resolved. */
	kids(node: N): N[];
	/** A tree node's `/Count`, or undefined when it states none. */
	count(node: N): number | undefined;
}

export type PageTreeCheck = { pages: number } | { untrusted: string };

/**
 * Bytes a page takes at the least in a file. The smallest page object, `<</Type/Page>>`, takes
 * 15 bytes in the clear, and a compressed object stream packs pdf-lib's blank pages into about
 * 13 bytes each (test/unit/attack-pdf-tree.test.ts checks that they still split); a page with
 * anything on it takes far more. A file holding more pages than its size allows at this rate is
 * not trusted: it can only be a compressed bomb.
 */
export const MIN_BYTES_PER_PAGE = 8;

/** The most pages a file of `size` bytes can really hold. */
export function maxPagesForSize(size: number): number {
	return Math.max(1, Math.floor(size / MIN_BYTES_PER_PAGE));
}

interface Visit<N> {
	node: N;
	/** Index of the parent in the visit order; -1 for the root. */
	parent: number;
}

function onPath<N>(visits: Array<Visit<N>>, from: number, node: N): boolean {
	for (let at = from; at >= 0; at = (visits[at] as Visit<N>).parent) if ((visits[at] as Visit<N>).node === node) return true;
	return false;
}

/**
 * Walks the tree from the root: every node once, at most `maxNodes` of them (nodes and pages; a
 * file's size bounds both), then checks each node's `/Count` against the pages found below it.
 * Time and memory are linear in the nodes visited, whatever the file claims.
 */
export function checkPageTree<N>(view: PageTreeView<N>, fileSize: number): PageTreeCheck {
	const maxNodes = maxPagesForSize(fileSize) * 2;
	if (view.kind(view.root) !== 'tree') return { untrusted: 'its page tree has no root node' };
	const visits: Array<Visit<N>> = [{ node: view.root, parent: -1 }];
	const seen = new Set<N>([view.root]);
	for (let index = 0; index < visits.length; index++) {
		const { node } = visits[index] as Visit<N>;
		if (view.kind(node) !== 'tree') continue;
		for (const kid of view.kids(node)) {
			const kind = view.kind(kid);
			if (kind === 'other') continue;
			if (seen.has(kid)) {
				return { untrusted: onPath(visits, index, kid) ? 'its page tree has a cycle' : `its page tree lists one ${kind === 'page' ? 'page' : 'node'} more than once` };
			}
			if (visits.length >= maxNodes) return { untrusted: `its page tree has more nodes than a file of ${fileSize} bytes can hold` };
			seen.add(kid);
			visits.push({ node: kid, parent: index });
		}
	}
	// Children come after their parent in the visit order: summing backwards counts each subtree.
	const below = new Array<number>(visits.length).fill(0);
	for (let index = visits.length - 1; index >= 0; index--) {
		const { node, parent } = visits[index] as Visit<N>;
		if (view.kind(node) === 'page') below[index] = 1;
		else {
			const stated = view.count(node);
			if (stated !== undefined && stated !== below[index]) {
				return { untrusted: `its page tree claims ${stated} page${stated === 1 ? '' : 's'} where it holds ${below[index]}` };
			}
		}
		if (parent >= 0) below[parent] = (below[parent] as number) + (below[index] as number);
	}
	const pages = below[0] as number;
	if (pages > maxPagesForSize(fileSize)) return { untrusted: `its page tree holds ${pages} pages, more than a file of ${fileSize} bytes can` };
	return { pages };
}
