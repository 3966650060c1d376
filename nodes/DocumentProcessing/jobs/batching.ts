import { MAX_FILES_PER_JOB } from '../helpers/binaries';
import { appendAll } from '../helpers/arrays';

export type BatchMode = 'perItem' | 'combine';

export interface PlannedJob<F> {
	files: F[];
	/** Input items that contributed at least one file, in order: the job's output pairs back to them. */
	itemIndices: number[];
}

/**
 * Groups files into jobs: one job per item, or all files of all items packed into as few jobs as
 * the per-job limit allows (items may then straddle two jobs).
 */
export function planJobs<F extends { itemIndex: number }>(
	filesPerItem: F[][],
	mode: BatchMode,
	maxFiles: number = MAX_FILES_PER_JOB,
): Array<PlannedJob<F>> {
	const groups: F[][] = [];
	if (mode === 'perItem') {
		appendAll(groups, filesPerItem.filter((files) => files.length > 0));
	} else {
		const all = filesPerItem.flat();
		for (let start = 0; start < all.length; start += maxFiles) groups.push(all.slice(start, start + maxFiles));
	}
	return groups.map((files) => ({ files, itemIndices: [...new Set(files.map((file) => file.itemIndex))] }));
}
