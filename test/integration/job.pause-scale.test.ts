/**
 * Pause mode for the largest batch the node accepts (issue 44 finding 1): 1,000 files combined
 * into 100 runs of the pause's workflow park the execution (the state is stored on its stack
 * entry, the channel URL stays short), and the runs are launched under the Options' pacing.
 */
import { openUrlState, STATE_PARAMETER } from '../../nodes/DocumentProcessing/jobs/pause/state';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 60_000, schedule_delay_ms: 0 });

const pauseOptions = (extra: Record<string, unknown>) => ({
	resource: 'job',
	operation: 'process',
	options: { waitMode: 'pause', batchMode: 'combine', outputMode: 'files', ...extra },
});

describe('pause mode at 1,000 files', () => {
	it('parks once on a short channel URL, its state stored on the stack entry and whole', async () => {
		const items = Array.from({ length: 1_000 }, (_, index) => markdownItem(`scan-${String(index).padStart(4, '0')}.md`));
		const result = await world.run(pauseOptions({ pauseRunSpacingSeconds: 0, pauseRunsAtOnce: 0 }), items);
		expect(result.run.waitTill).toBeInstanceOf(Date);
		expect(result.hints).toEqual([]);
		const channels = [...world.service.emulator.store.channels.values()];
		expect(channels).toHaveLength(1);
		const url = new URL(String(channels[0].url));
		const token = url.searchParams.get(STATE_PARAMETER) ?? '';
		expect(token.length).toBeLessThan(300);
		const entry = result.run.data.executionData?.nodeExecutionStack[0];
		const stored = (entry?.metadata as Record<string, unknown> | undefined)?.documentProcessingPauseState;
		expect(typeof stored).toBe('string');
		const apiKey = String(world.service.credentials.documentProcessingApi.apiKey);
		const state = openUrlState(token, apiKey, result.executionId, () => stored as string);
		expect(state?.jobs).toHaveLength(100);
		expect(state?.jobs.flatMap((job) => job.files.map((file) => file.n)).sort()).toEqual(items.map((_, index) => `scan-${String(index).padStart(4, '0')}.md`));
		expect(world.service.emulator.store.jobs.size).toBe(100);
	}, 120_000);

	it('keeps at most “Jobs Running at Once” of its runs unfinished, launching the next as one ends', async () => {
		world.service.emulator.setConfig({ job_duration_ms: 400 });
		const before = new Set(world.service.emulator.store.jobs.keys());
		const items = Array.from({ length: 50 }, (_, index) => markdownItem(`w-${index}.md`));
		await world.run(pauseOptions({ pauseRunSpacingSeconds: 0, pauseRunsAtOnce: 2 }), items);
		const runs = [...world.service.emulator.store.jobs.values()]
			.filter((job) => !before.has(job.id))
			.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
		expect(runs.map((job) => job.kind)).toEqual(Array(5).fill('workflow_run'));
		// When run k started, at most one earlier run (of the window of 2) had not finished.
		for (let k = 2; k < runs.length; k++) {
			const finished = runs.slice(0, k).filter((job) => job.finished_at !== undefined && job.finished_at <= runs[k].created_at).length;
			expect(finished).toBeGreaterThanOrEqual(k - 1);
		}
	}, 120_000);
});
