import { holdLaunches, launchDispatched, waitForLaunchSlot } from '../../nodes/DocumentProcessing/transport/pacing';
import { launchAccepted, launchRefused } from '../../nodes/DocumentProcessing/transport/retry';

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
	it('holds launches for the Retry-After, doubling with each 429 in a row up to 8 s, and starts over after an accepted launch', () => {
		const endpoint = endpointFor();
		const holds = Array.from({ length: 6 }, () => launchRefused(endpoint, 1000, 1030, () => 0));
		expect(holds).toEqual([1030, 2060, 4120, 8000, 8000, 8000]);
		launchAccepted(endpoint);
		expect(launchRefused(endpoint, 3000, 1030, () => 0)).toBe(3000);
	});

	it('adds a random share of one spacing, so workers refused together come back apart', () => {
		const endpoint = endpointFor();
		expect(launchRefused(endpoint, undefined, 1000, () => 0.5)).toBe(1500);
		launchAccepted(endpoint);
		expect(launchRefused(endpoint, 200, 1000, () => 1)).toBe(2000);
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
