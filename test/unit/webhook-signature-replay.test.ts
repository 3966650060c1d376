import type { IDataObject } from 'n8n-workflow';
import { claimDelivery, forgetChannel, releaseDelivery } from '../../nodes/DocumentProcessing/helpers/replayGuard';

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

describe('webhook-id replay guard across processes (through the node’s static data)', () => {
	type Guard = typeof import('../../nodes/DocumentProcessing/helpers/replayGuard');
	/** A fresh copy of the module: what a second n8n process (webhook or main) holds. */
	const newProcess = (): Guard => {
		let guard: Guard | undefined;
		jest.isolateModules(() => {
			guard = jest.requireActual<Guard>('../../nodes/DocumentProcessing/helpers/replayGuard');
		});
		if (!guard) throw new Error('module did not load');
		return guard;
	};
	/** What n8n does per webhook request: load static data from the database, and save it after the answer. */
	const load = (database: { json: string }) => JSON.parse(database.json) as IDataObject;
	const save = (database: { json: string }, staticData: IDataObject) => (database.json = JSON.stringify(staticData));
	const now = Date.now();

	it('refuses a replay at another process once the original’s save has landed', () => {
		const [webhookProcess, mainProcess] = [newProcess(), newProcess()];
		const database = { json: '{}' };
		const first = load(database);
		expect(webhookProcess.claimDelivery('ch', 'evt-1', now, first)).toBe(true);
		save(database, first);
		expect(mainProcess.claimDelivery('ch', 'evt-1', now + 50, load(database))).toBe(false);
		expect(mainProcess.claimDelivery('ch', 'evt-2', now + 60, load(database))).toBe(true);
	});

	it('a process’s last save carries every id it has seen, whatever order its saves land in', () => {
		const [webhookProcess, mainProcess] = [newProcess(), newProcess()];
		const database = { json: '{}' };
		const early = load(database);
		const late = load(database);
		expect(webhookProcess.claimDelivery('ch', 'evt-a', now, early)).toBe(true);
		expect(webhookProcess.claimDelivery('ch', 'evt-b', now + 1, late)).toBe(true);
		save(database, late);
		save(database, early); // the earlier request's save lands last
		expect(mainProcess.claimDelivery('ch', 'evt-a', now + 2, load(database))).toBe(false);
		expect(mainProcess.claimDelivery('ch', 'evt-b', now + 2, load(database))).toBe(false);
		expect(Object.keys((JSON.parse(database.json) as { documentProcessingRecentDeliveries: Record<string, object> }).documentProcessingRecentDeliveries.ch)).toEqual(['evt-a', 'evt-b']);
	});

	it('does not hold when two processes save at once: the last writer drops the other’s new id (documented limit)', () => {
		const [processA, processB, processC] = [newProcess(), newProcess(), newProcess()];
		const database = { json: '{}' };
		const seenByA = load(database);
		const seenByB = load(database);
		expect(processA.claimDelivery('ch', 'evt-x', now, seenByA)).toBe(true);
		expect(processB.claimDelivery('ch', 'evt-y', now, seenByB)).toBe(true);
		save(database, seenByA);
		save(database, seenByB);
		expect(processC.claimDelivery('ch', 'evt-x', now + 10, load(database))).toBe(true);
		// The process that took the original still refuses it from memory.
		expect(processA.claimDelivery('ch', 'evt-x', now + 10, load(database))).toBe(false);
	});

	it('ignores saved ids older than the window and keeps other channels’ entries', () => {
		const guard = newProcess();
		const old = Math.floor((now - 12 * 60_000) / 1000);
		const staticData: IDataObject = { documentProcessingRecentDeliveries: { ch: { 'evt-old': old }, other: { 'evt-o': Math.floor(now / 1000) } } };
		expect(guard.claimDelivery('ch', 'evt-old', now, staticData)).toBe(true);
		expect(staticData.documentProcessingRecentDeliveries).toMatchObject({ other: { 'evt-o': expect.any(Number) }, ch: { 'evt-old': expect.any(Number) } });
	});
});
