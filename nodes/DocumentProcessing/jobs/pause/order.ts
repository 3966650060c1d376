import type { PendingJob } from './park';

/** Jobs are collected as their launches finish, side by side; the output follows the items' order. */
export function inItemOrder(pending: PendingJob[]): PendingJob[] {
	return [...pending].sort((a, b) => a.launched.itemIndices[0] - b.launched.itemIndices[0]);
}
