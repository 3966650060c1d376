import type { INode } from 'n8n-workflow';

/**
 * Node version 3, the canvas-first face (docs/node-version-3.md): the runtime side, for code below
 * descriptions/ (jobs/, pipeline/) that names a field in an error and must use the name the node's
 * own panel shows.
 */
export const VERSION_3 = 3;

/** Whether a node runs with version 3's fields. */
export const isVersion3 = (node: INode): boolean => node.typeVersion >= VERSION_3;

/**
 * A field that version 3 keeps in the operation's Options and versions 1 and 2 in a collection of
 * their own (e.g. Waiting), as the node's panel shows its path: "Options › Timeout (Minutes)".
 */
export function optionPath(node: INode, before: string, field: string): string {
	return `${isVersion3(node) ? 'Options' : before} › ${field}`;
}
