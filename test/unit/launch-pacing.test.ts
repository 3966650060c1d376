import { launchDispatched, waitForLaunchSlot } from '../../nodes/DocumentProcessing/transport/pacing';

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
