import { holdLaunches, launchDispatched, waitForLaunchSlot } from '../../nodes/DocumentProcessing/transport/pacing';
import { contendedSpacing, launchAccepted, launchRefused } from '../../nodes/DocumentProcessing/transport/retry';

const endpointFor = () => `https://pacing-${Math.random()}.example`;

describe('launch pacing after a late dispatch', () => {
	it('keeps a full spacing after the moment the previous launch really went out', async () => {
		const endpoint = endpointFor();
		await waitForLaunchSlot(endpoint, { spacingMs: 100 });
		// The first launch is handed to the connection 60 ms after its slot (a busy event loop).
		await new Promise((done) => setTimeout(done, 60));
		launchDispatched(endpoint);
		const dispatchedAt = Date.now();
		await waitForLaunchSlot(endpoint, { spacingMs: 100 });
		// Its own slot was 100 ms after the first slot; it still waits 100 ms after the dispatch.
		expect(Date.now() - dispatchedAt).toBeGreaterThanOrEqual(95);
	});

	it('adds no wait when the previous launch went out on time', async () => {
		const endpoint = endpointFor();
		await waitForLaunchSlot(endpoint, { spacingMs: 300 });
		launchDispatched(endpoint);
		await new Promise((done) => setTimeout(done, 350));
		const before = Date.now();
		await waitForLaunchSlot(endpoint, { spacingMs: 300 });
		// Generous: a wrong implementation would wait a whole spacing (300 ms) here.
		expect(Date.now() - before).toBeLessThan(200);
	});
});

describe('launch contention between processes (429s)', () => {
	it('widens this process’s spacing by one spacing per 429 and narrows it back over five accepted launches', () => {
		const endpoint = endpointFor();
		expect(contendedSpacing(endpoint, 1000)).toBe(1000);
		launchRefused(endpoint, 1000, 1000, () => 0);
		expect(contendedSpacing(endpoint, 1000)).toBe(2000);
		for (let i = 0; i < 4; i++) launchAccepted(endpoint);
		expect(contendedSpacing(endpoint, 1000)).toBe(1200);
		launchAccepted(endpoint);
		launchAccepted(endpoint);
		expect(contendedSpacing(endpoint, 1000)).toBe(1000);
		for (let i = 0; i < 10; i++) launchRefused(endpoint, 1000, 1000, () => 0);
		expect(contendedSpacing(endpoint, 1000)).toBe(4000);
	});

	it('waits the Retry-After (at least one spacing) plus a random share of the widened spacing', () => {
		const endpoint = endpointFor();
		expect(launchRefused(endpoint, 3000, 1000, () => 0)).toBe(3000);
		expect(launchRefused(endpoint, undefined, 1000, () => 0.5)).toBe(1000 + 0.5 * 3000 / 2);
		expect(launchRefused(endpoint, 200, 1000, () => 1)).toBe(1000 + 4000 / 2);
	});

	it('a hold after a 429 also stops launches that were already waiting for an earlier slot', async () => {
		const endpoint = endpointFor();
		await waitForLaunchSlot(endpoint, { spacingMs: 50 });
		const started = Date.now();
		const queued = waitForLaunchSlot(endpoint, { spacingMs: 50 }).then(() => Date.now() - started);
		holdLaunches(endpoint, Date.now() + 300);
		expect(await queued).toBeGreaterThanOrEqual(295);
	});
});
