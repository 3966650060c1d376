import { sleep } from '../../nodes/DocumentProcessing/async/sleep';

describe('sleep (n8n-workflow timers)', () => {
	it('waits the given time', async () => {
		const started = Date.now();
		await sleep(30);
		expect(Date.now() - started).toBeGreaterThanOrEqual(25);
	});

	it('is cut short by the cancel signal, with its reason', async () => {
		const controller = new AbortController();
		const reason = new Error('cancelled by the user');
		const started = Date.now();
		const waiting = sleep(60_000, controller.signal);
		controller.abort(reason);
		await expect(waiting).rejects.toBe(reason);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	it('refuses to start when already cancelled, and names a cancellation without an Error reason', async () => {
		const controller = new AbortController();
		controller.abort('stop');
		await expect(sleep(10, controller.signal)).rejects.toThrow('The execution was cancelled');
	});
});
