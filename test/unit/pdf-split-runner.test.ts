import { getEventListeners } from 'node:events';
import { RangeFailedError, runRanges } from '../../nodes/DocumentProcessing/pdf/pdfRangeRunner';
import { MAX_SPLIT_CONCURRENCY, type PageRange } from '../../nodes/DocumentProcessing/pdf/pdfSplit';

const ranges = (count: number): PageRange[] => Array.from({ length: count }, (_, index) => ({ first: index * 10 + 1, last: index * 10 + 10 }));

/** A task whose completion the test controls, so order and overlap are deterministic. */
function controllable() {
	const pending = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void; signal: AbortSignal }>();
	const started: number[] = [];
	let running = 0;
	let maxRunning = 0;
	const task = (range: PageRange, signal: AbortSignal) =>
		new Promise<string>((resolve, reject) => {
			started.push(range.first);
			running++;
			maxRunning = Math.max(maxRunning, running);
			const settle = () => running--;
			pending.set(range.first, {
				resolve: (value) => (settle(), resolve(value)),
				reject: (error) => (settle(), reject(error)),
				signal,
			});
			signal.addEventListener('abort', () => pending.get(range.first)?.reject(new Error('aborted')), { once: true });
		});
	const tick = async () => await new Promise((resolve) => setImmediate(resolve));
	return { task, pending, started, tick, maxRunning: () => maxRunning };
}

/** A prepare step that records which ranges it built, in order. */
function recordingPrepare() {
	const prepared: number[] = [];
	const prepare = async (range: PageRange) => {
		prepared.push(range.first);
		return `pdf ${range.first}`;
	};
	return { prepared, prepare };
}

describe('runRanges', () => {
	it('starts a range only when a slot is free and returns outcomes in page order', async () => {
		const c = controllable();
		const run = runRanges(ranges(5), c.task, { concurrency: 2, allowFailed: false });
		await c.tick();
		expect(c.started).toEqual([1, 11]);
		c.pending.get(11)?.resolve('b');
		await c.tick();
		expect(c.started).toEqual([1, 11, 21]);
		c.pending.get(21)?.resolve('c');
		await c.tick();
		c.pending.get(1)?.resolve('a');
		await c.tick();
		c.pending.get(31)?.resolve('d');
		await c.tick();
		c.pending.get(41)?.resolve('e');
		const outcomes = await run;
		expect(outcomes.map((outcome) => (outcome.ok ? outcome.value : 'failed'))).toEqual(['a', 'b', 'c', 'd', 'e']);
		expect(outcomes.map((outcome) => outcome.range.first)).toEqual([1, 11, 21, 31, 41]);
		expect(c.maxRunning()).toBe(2);
	});

	it('without allowFailed: the first failure cancels the running ranges, starts no more and names its range', async () => {
		const c = controllable();
		const run = runRanges(ranges(6), c.task, { concurrency: 3, allowFailed: false });
		await c.tick();
		c.pending.get(11)?.reject(new Error('HTTP 500 on the second range'));
		const error = await run.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(RangeFailedError);
		expect((error as RangeFailedError).range).toEqual({ first: 11, last: 20 });
		expect((error as RangeFailedError).failure.message).toBe('HTTP 500 on the second range');
		expect(c.pending.get(1)?.signal.aborted).toBe(true);
		expect(c.pending.get(21)?.signal.aborted).toBe(true);
		expect(c.started).toEqual([1, 11, 21]);
	});

	it('with allowFailed: every range runs and failures come back as outcomes', async () => {
		const outcomes = await runRanges(
			ranges(4),
			async (range) => {
				if (range.first === 21) throw new Error('bad range');
				return range.first;
			},
			{ concurrency: 2, allowFailed: true },
		);
		expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false, true]);
		const failed = outcomes[2];
		expect(failed && !failed.ok && failed.error.message).toBe('bad range');
	});

	it('stops when the execution is cancelled and rethrows the cancellation', async () => {
		const c = controllable();
		const controller = new AbortController();
		const run = runRanges(ranges(4), c.task, { concurrency: 2, allowFailed: true, signal: controller.signal });
		await c.tick();
		controller.abort(new Error('Execution cancelled'));
		await expect(run).rejects.toThrow('Execution cancelled');
		expect(c.started).toEqual([1, 11]);
	});

	it('never runs more lanes than ranges', async () => {
		const c = controllable();
		const run = runRanges(ranges(1), c.task, { concurrency: 5, allowFailed: false });
		await c.tick();
		c.pending.get(1)?.resolve('only');
		expect(await run).toEqual([{ range: { first: 1, last: 10 }, ok: true, value: 'only' }]);
	});

	it('prepares one range ahead while the others are in flight, and hands each task its own', async () => {
		const c = controllable();
		const { prepared, prepare } = recordingPrepare();
		const received: string[] = [];
		const task = (range: PageRange, signal: AbortSignal, body: string, sent: () => void) => {
			received.push(body);
			sent();
			return c.task(range, signal);
		};
		const run = runRanges(ranges(5), task, { concurrency: 2, allowFailed: false, prepare });
		await c.tick();
		// Two in flight, the third built and waiting for a slot, nothing further.
		expect(c.started).toEqual([1, 11]);
		expect(prepared).toEqual([1, 11, 21]);
		c.pending.get(1)?.resolve('a');
		await c.tick();
		expect(c.started).toEqual([1, 11, 21]);
		expect(prepared).toEqual([1, 11, 21, 31]);
		for (const first of [11, 21, 31]) {
			c.pending.get(first)?.resolve(String(first));
			await c.tick();
		}
		c.pending.get(41)?.resolve('e');
		await run;
		expect(prepared).toEqual([1, 11, 21, 31, 41]);
		expect(received).toEqual(['pdf 1', 'pdf 11', 'pdf 21', 'pdf 31', 'pdf 41']);
	});

	it('builds a range only once the range built before it has gone out, one build at a time, in order', async () => {
		const c = controllable();
		const { prepared, prepare } = recordingPrepare();
		const senders = new Map<number, () => void>();
		const task = (range: PageRange, signal: AbortSignal, _body: string, sent: () => void) => {
			senders.set(range.first, sent);
			return c.task(range, signal);
		};
		const run = runRanges(ranges(4), task, { concurrency: 2, allowFailed: false, prepare });
		await c.tick();
		// The first range is built and sent; the second slot's range waits until that upload is out.
		expect(c.started).toEqual([1]);
		expect(prepared).toEqual([1]);
		senders.get(1)?.();
		await c.tick();
		expect(c.started).toEqual([1, 11]);
		expect(prepared).toEqual([1, 11]);
		senders.get(11)?.();
		await c.tick();
		// One range ahead of the free slots, no more, however often a task reports.
		expect(prepared).toEqual([1, 11, 21]);
		senders.get(11)?.();
		senders.get(1)?.();
		await c.tick();
		expect(prepared).toEqual([1, 11, 21]);
		c.pending.get(1)?.resolve('a');
		await c.tick();
		expect(c.started).toEqual([1, 11, 21]);
		// Range 21 never reports sent: settling still lets the last range be built.
		c.pending.get(21)?.resolve('c');
		await c.tick();
		expect(prepared).toEqual([1, 11, 21, 31]);
		c.pending.get(11)?.resolve('b');
		await c.tick();
		c.pending.get(31)?.resolve('d');
		await run;
	});

	it('stops at a range that cannot be prepared, even with failures allowed, and says it was the prepare step', async () => {
		const sentRanges: number[] = [];
		const run = runRanges(
			ranges(4),
			async (range, _signal, body: number) => {
				sentRanges.push(range.first);
				return body + range.first;
			},
			{
				concurrency: 1,
				allowFailed: true,
				prepare: async (range) => {
					if (range.first === 11) throw new Error('cannot cut pages 11–20');
					return 1000;
				},
			},
		);
		const error = await run.catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(RangeFailedError);
		expect(error).toMatchObject({ stage: 'prepare', range: { first: 11, last: 20 }, message: 'cannot cut pages 11–20' });
		expect(sentRanges).toEqual([1]);
	});

	it('neither builds nor sends a range whose turn comes after a failed build', async () => {
		const built: number[] = [];
		const tasks: number[] = [];
		const run = runRanges(
			ranges(3),
			async (range) => {
				tasks.push(range.first);
				return range.first;
			},
			{
				concurrency: 3,
				allowFailed: false,
				prepare: async (range) => {
					built.push(range.first);
					if (range.first === 1) throw new Error('cannot cut pages 1–10');
					return range.first;
				},
			},
		);
		await expect(run).rejects.toMatchObject({ stage: 'prepare', range: { first: 1 } });
		expect({ built, tasks }).toEqual({ built: [1], tasks: [] });
	});

	it('lets every range of the widest split listen to its signal without Node warning n8n’s log of a leak', async () => {
		// Each range's request, and its retry's wait, listen to its signal: 15 on one would pass Node's default of 10.
		const control = controllable();
		const run = runRanges(ranges(MAX_SPLIT_CONCURRENCY), control.task, { concurrency: MAX_SPLIT_CONCURRENCY, allowFailed: false });
		while (control.pending.size < MAX_SPLIT_CONCURRENCY) await control.tick();
		const signals = new Set([...control.pending.values()].map((entry) => entry.signal));
		const listening = Math.max(...[...signals].map((signal) => getEventListeners(signal, 'abort').length));
		for (const entry of control.pending.values()) entry.resolve('ok');
		await run;
		expect({ listening, underNodesWarning: listening <= 10 }).toEqual({ listening, underNodesWarning: true });
	});

	it('marks a failed task as the task stage', async () => {
		const error = await runRanges(ranges(2), async () => await Promise.reject(new Error('422')), { concurrency: 1, allowFailed: false }).catch(
			(thrown: unknown) => thrown,
		);
		expect(error).toMatchObject({ stage: 'task', range: { first: 1 } });
	});
});
