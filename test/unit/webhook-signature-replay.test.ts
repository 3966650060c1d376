import { claimDelivery, forgetChannel, releaseDelivery } from '../../nodes/DocumentProcessing/webhooks/replayGuard';

describe('webhook-id replay guard', () => {
	const t0 = 1_700_000_000_000;

	it('lets an id through once per channel', () => {
		expect(claimDelivery('channel-a', 'evt-1', t0)).toBe(true);
		expect(claimDelivery('channel-a', 'evt-1', t0 + 1000)).toBe(false);
		expect(claimDelivery('channel-b', 'evt-1', t0 + 1000)).toBe(true);
	});

	it('forgets ids once no signed delivery could still carry them (twice the 5-minute window)', () => {
		expect(claimDelivery('channel-c', 'evt-2', t0)).toBe(true);
		expect(claimDelivery('channel-c', 'evt-2', t0 + 10 * 60_000)).toBe(false);
		expect(claimDelivery('channel-c', 'evt-2', t0 + 12 * 60_000)).toBe(true);
	});

	it('gives an id back after a failed run, so the service’s retry can run', () => {
		expect(claimDelivery('channel-d', 'evt-3', t0)).toBe(true);
		releaseDelivery('channel-d', 'evt-3');
		expect(claimDelivery('channel-d', 'evt-3', t0 + 1)).toBe(true);
	});

	it('stays bounded: the oldest ids go first when a channel sees very many', () => {
		for (let i = 0; i < 2500; i++) claimDelivery('channel-e', `evt-${i}`, t0 + i);
		expect(claimDelivery('channel-e', 'evt-2499', t0 + 2600)).toBe(false);
		expect(claimDelivery('channel-e', 'evt-0', t0 + 2600)).toBe(true);
		forgetChannel('channel-e');
		expect(claimDelivery('channel-e', 'evt-2499', t0 + 2700)).toBe(true);
	});
});
