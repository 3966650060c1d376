import { planJobs } from '../../nodes/DocumentProcessing/jobs/batching';
import { DEFAULT_POLL_SCHEDULE, pollDelay } from '../../nodes/DocumentProcessing/async/polling';

const files = (counts: number[]) => counts.map((count, itemIndex) => Array.from({ length: count }, (_, n) => ({ itemIndex, n })));

describe('job planning', () => {
	it('packs 23 files over 9 items into jobs of 10, 10 and 3, paired to every contributing item', () => {
		const plan = planJobs(files([3, 2, 4, 1, 5, 2, 4, 1, 1]), 'combine');
		expect(plan.map((job) => job.files.length)).toEqual([10, 10, 3]);
		expect(plan[0].itemIndices).toEqual([0, 1, 2, 3]);
		expect(plan[1].itemIndices).toEqual([4, 5, 6]);
		expect(plan[2].itemIndices).toEqual([6, 7, 8]);
	});
	it('keeps one job per item and skips items without files', () => {
		const plan = planJobs(files([2, 0, 1]), 'perItem');
		expect(plan.map((job) => job.itemIndices)).toEqual([[0], [2]]);
	});
});

describe('poll schedule', () => {
	it('starts near a second and settles at the cap', () => {
		const delays = Array.from({ length: 10 }, (_, index) => pollDelay(index, DEFAULT_POLL_SCHEDULE));
		expect(delays[0]).toBe(1000);
		expect(delays[1]).toBe(1500);
		expect(Math.max(...delays)).toBe(10_000);
		expect(delays.slice(-3)).toEqual([10_000, 10_000, 10_000]);
	});
});
