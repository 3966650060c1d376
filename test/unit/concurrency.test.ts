import { mapLimited } from '../../nodes/DocumentProcessing/async/concurrency';

const tick = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimited (the one bounded-concurrency helper)', () => {
	it('keeps index order and never runs more than the limit at once', async () => {
		let running = 0;
		let peak = 0;
		const results = await mapLimited(9, 3, async (index) => {
			running++;
			peak = Math.max(peak, running);
			await tick((9 - index) * 2); // later indices finish first
			running--;
			return index * 10;
		});
		expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
		expect(peak).toBe(3);
	});

	it('takes no further index once stopped, and tells a worker which index comes next', async () => {
		const started: number[] = [];
		const upcoming: Array<number | undefined> = [];
		let stop = false;
		await mapLimited(
			6,
			2,
			async (index, lanes) => {
				started.push(index);
				upcoming.push(lanes.upcoming());
				if (index === 2) {
					stop = true;
					upcoming.push(lanes.upcoming());
				}
				await tick(1);
			},
			{ stopped: () => stop },
		);
		expect(started).toEqual([0, 1, 2]);
		expect(upcoming).toEqual([1, 2, 3, undefined]);
	});

	it('rejects with the first failure after the running workers settled, starting nothing new', async () => {
		const settled: number[] = [];
		const started: number[] = [];
		const run = mapLimited(5, 2, async (index) => {
			started.push(index);
			if (index === 0) throw new Error('first');
			await tick(5);
			settled.push(index);
		});
		await expect(run).rejects.toThrow('first');
		expect(started).toEqual([0, 1]);
		expect(settled).toEqual([1]);
	});

	it('does nothing for zero indices', async () => {
		expect(await mapLimited(0, 4, async () => 1)).toEqual([]);
	});
});
