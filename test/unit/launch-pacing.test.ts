import { LaunchPacer, launchPacer, type PacingClock } from '../../nodes/DocumentProcessing/transport/pacing';
import { launchAccepted, launchRefused } from '../../nodes/DocumentProcessing/transport/retry';

/**
 * A virtual clock: time moves only when the test advances it, and a sleep resolves once the
 * clock has reached its end. Every figure below is exact, whatever the machine's load.
 */
class VirtualClock implements PacingClock {
	private time = 0;
	private sleepers: Array<{ until: number; resolve: () => void; reject: (error: Error) => void }> = [];

	now(): number {
		return this.time;
	}

	async sleep(ms: number, signal?: AbortSignal): Promise<void> {
		if (signal?.aborted) throw new Error('cancelled');
		if (ms <= 0) return;
		await new Promise<void>((resolve, reject) => {
			const sleeper = { until: this.time + ms, resolve, reject };
			this.sleepers.push(sleeper);
			signal?.addEventListener('abort', () => {
				this.sleepers = this.sleepers.filter((entry) => entry !== sleeper);
				reject(new Error('cancelled'));
			});
		});
	}

	/** Moves time forward to `time`, waking sleepers in order and letting their code run. */
	async advanceTo(time: number): Promise<void> {
		for (;;) {
			await flush();
			const next = this.sleepers.filter((entry) => entry.until <= time).sort((a, b) => a.until - b.until)[0];
			if (!next) break;
			this.time = next.until;
			this.sleepers = this.sleepers.filter((entry) => entry !== next);
			next.resolve();
		}
		this.time = time;
		await flush();
	}
}

const flush = async () => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};

interface Launch {
	name: string;
	startedAt?: number;
	finish(): void;
}

/** Starts a launch that records when its turn came; the test decides when its answer arrives. */
function launch(pacer: LaunchPacer, clock: VirtualClock, name: string, options: { notBefore?: number; signal?: AbortSignal } = {}) {
	const record: Launch = { name, finish: () => undefined };
	const turn = pacer.turn(options).then((granted) => {
		record.startedAt = clock.now();
		record.finish = () => granted.finished();
	});
	return { record, turn };
}

describe('launch pacing from the previous launch’s answer', () => {
	it('starts the first launch at once and the next one a spacing after the previous answer, not after its start', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_020);
		const large = launch(pacer, clock, 'large');
		const small = launch(pacer, clock, 'small');
		await clock.advanceTo(0);
		expect(large.record.startedAt).toBe(0);
		// The large upload takes 4 s before the service accepts it and answers.
		await clock.advanceTo(4_000);
		expect(small.record.startedAt).toBeUndefined();
		large.record.finish();
		await clock.advanceTo(5_019);
		expect(small.record.startedAt).toBeUndefined();
		await clock.advanceTo(5_020);
		expect(small.record.startedAt).toBe(5_020);
	});

	it('never lets two launches of one endpoint overlap, in queue order', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const launches = ['a', 'b', 'c'].map((name) => launch(pacer, clock, name));
		const answerAfter = [300, 50, 2_000];
		let now = 0;
		for (const [index, { record }] of launches.entries()) {
			await clock.advanceTo(now);
			expect(record.startedAt).toBe(now);
			expect(launches.filter((other) => other.record.startedAt !== undefined)).toHaveLength(index + 1);
			now += answerAfter[index];
			await clock.advanceTo(now);
			record.finish();
			now += 1_000;
		}
		expect(launches.map(({ record }) => record.startedAt)).toEqual([0, 1_300, 2_350]);
	});

	it('adds no wait when the previous answer is a spacing behind', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const first = launch(pacer, clock, 'first');
		await clock.advanceTo(10);
		first.record.finish();
		await clock.advanceTo(5_000);
		const second = launch(pacer, clock, 'second');
		await clock.advanceTo(5_000);
		expect(second.record.startedAt).toBe(5_000);
	});

	it('lets a Retry-After push a turn out, and holds the queue behind it', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const retried = launch(pacer, clock, 'retried', { notBefore: 3_000 });
		const next = launch(pacer, clock, 'next');
		await clock.advanceTo(2_999);
		expect(retried.record.startedAt).toBeUndefined();
		await clock.advanceTo(3_000);
		expect(retried.record.startedAt).toBe(3_000);
		await clock.advanceTo(3_100);
		retried.record.finish();
		await clock.advanceTo(4_100);
		expect(next.record.startedAt).toBe(4_100);
	});

	it('passes the turn on when a queued launch is cancelled, without letting anyone overtake', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const first = launch(pacer, clock, 'first');
		const controller = new AbortController();
		const cancelled = launch(pacer, clock, 'cancelled', { signal: controller.signal });
		const third = launch(pacer, clock, 'third');
		await clock.advanceTo(0);
		controller.abort();
		await expect(cancelled.turn).rejects.toThrow('cancelled');
		await clock.advanceTo(500);
		// The first launch is still uploading: the third waits for its answer.
		expect(third.record.startedAt).toBeUndefined();
		first.record.finish();
		await clock.advanceTo(1_500);
		expect(third.record.startedAt).toBe(1_500);
	});

	it('counts a launch that failed without an answer like an answered one', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const failed = launch(pacer, clock, 'failed');
		const next = launch(pacer, clock, 'next');
		await clock.advanceTo(200);
		// A connection reset: the service may still have accepted the launch.
		failed.record.finish();
		failed.record.finish();
		await clock.advanceTo(1_199);
		expect(next.record.startedAt).toBeUndefined();
		await clock.advanceTo(1_200);
		expect(next.record.startedAt).toBe(1_200);
	});

	it('keeps one queue per endpoint for the whole process', () => {
		expect(launchPacer('https://a.example')).toBe(launchPacer('https://a.example'));
		expect(launchPacer('https://a.example')).not.toBe(launchPacer('https://b.example'));
	});
});

describe('launch contention between processes (429s)', () => {
	const endpointFor = () => `https://contention-${Math.random()}.example`;

	it('holds launches for the Retry-After, doubling with each 429 in a row up to 4 s, and starts over after an accepted launch', () => {
		const endpoint = endpointFor();
		const holds = Array.from({ length: 6 }, () => launchRefused(endpoint, 1000, 1010, () => 0));
		expect(holds).toEqual([1010, 2020, 4000, 4000, 4000, 4000]);
		launchAccepted(endpoint);
		expect(launchRefused(endpoint, 3000, 1010, () => 0)).toBe(3000);
	});

	it('adds a random share of one spacing, so workers refused together come back apart', () => {
		const endpoint = endpointFor();
		expect(launchRefused(endpoint, undefined, 1000, () => 0.5)).toBe(1500);
		launchAccepted(endpoint);
		expect(launchRefused(endpoint, 200, 1000, () => 1)).toBe(2000);
	});

	it('a hold after a 429 also keeps back the launches queued behind the refused one', async () => {
		const clock = new VirtualClock();
		const pacer = new LaunchPacer(clock, 1_000);
		const refused = launch(pacer, clock, 'refused');
		const queued = launch(pacer, clock, 'queued');
		await clock.advanceTo(100);
		refused.record.finish(); // answered 429 at 100 ms
		pacer.hold(100 + 3_000);
		await clock.advanceTo(3_099);
		expect(queued.record.startedAt).toBeUndefined();
		await clock.advanceTo(3_100);
		expect(queued.record.startedAt).toBe(3_100);
	});
});
