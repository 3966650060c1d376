/**
 * Issue 51: when pause mode's time limit passes, the node fails with the poll mode's error
 * (docs/batches-and-long-jobs.md, "When the time limit passes"), so its description names the files not processed exactly as the poll
 * mode's does for the same files: `Files not processed (1): "limit-1.txt" (item 0, processing,
 * job …)`. The pause's error is the one the node leaves on its stack entry (`resumeError`), which
 * n8n 2.x throws when the wait ends by time.
 */
import type { INodeParameters } from 'n8n-workflow';
import type { HarnessItem } from '../harness';
import { failure, textFile } from './support/service';
import { useActionWorld } from './support/actionWorld';

// Jobs outlast every time limit here, so both modes give up on them.
const world = useActionWorld({ job_duration_ms: 600_000, schedule_delay_ms: 0 });
const TIMEOUT = { timeoutMinutes: 0.01 };
/** Wait Mode and Timeout are entries of the operation's Options. */
const run = async (parameters: INodeParameters, items: HarnessItem[]) => await world.run(parameters, items);

const fileItem = (name: string): HarnessItem => ({ json: { name }, binary: { data: textFile(name, `Text of ${name}.`) } });

/** The "Files not processed" sentence of a description, each job id replaced by its place among `jobIds`. */
function notProcessedList(description: unknown, jobIds: string[]): string {
	const list = /Files not processed \(\d+\): .*$/.exec(String(description))?.[0] ?? `(no list in: ${String(description)})`;
	return jobIds.reduce((text, id, index) => text.split(id).join(`<job ${index}>`), list);
}

/** The jobs started since `known`, in the order of the file each carries (limit-1.txt, limit-2.txt: item order; pause mode's runs may start in any order). */
const jobsSince = (known: Set<string>) =>
	[...world.service.emulator.store.jobs.values()]
		.filter((job) => !known.has(job.id))
		.map((job) => ({ id: job.id, file: job.files.map((file) => file.filename).join(',') }))
		.sort((a, b) => a.file.localeCompare(b.file))
		.map((job) => job.id);

async function pollError(items: HarnessItem[]): Promise<{ description: unknown; jobIds: string[] }> {
	const known = new Set(world.service.emulator.store.jobs.keys());
	const error = await failure(run({ resource: 'job', operation: 'process', options: TIMEOUT }, items));
	expect(error.message).toMatch(/^Job "[^"]+" did not finish within 0\.01 minutes/);
	return { description: error.description, jobIds: jobsSince(known) };
}

async function pauseError(items: HarnessItem[]): Promise<{ description: unknown; jobIds: string[] }> {
	const known = new Set(world.service.emulator.store.jobs.keys());
	const result = await run({ resource: 'job', operation: 'process', options: { waitMode: 'pause', ...TIMEOUT } }, items);
	expect(result.run.waitTill).toBeInstanceOf(Date);
	const entry = result.run.data.executionData?.nodeExecutionStack[0];
	const saved = (entry?.metadata as { resumeError?: { message?: string; description?: unknown } } | undefined)?.resumeError;
	expect(saved?.message).toMatch(/^Job "[^"]+" did not finish within 0\.01 minutes/);
	return { description: saved?.description, jobIds: jobsSince(known) };
}

describe('pause mode’s time-limit error names the files not processed as the poll mode’s does', () => {
	it('one file: the same "Files not processed (1)" list, with its job', async () => {
		const items = [fileItem('limit-1.txt')];
		const poll = await pollError(items);
		const pause = await pauseError(items);
		expect(poll.jobIds).toHaveLength(1);
		expect(pause.jobIds).toHaveLength(1);
		expect(String(poll.description)).toContain(`Files not processed (1): "limit-1.txt" (item 0, processing, job ${poll.jobIds[0]}).`);
		expect(notProcessedList(pause.description, pause.jobIds)).toBe(notProcessedList(poll.description, poll.jobIds));
	});

	it('two items, two jobs: one list naming both files, in item order', async () => {
		const items = [fileItem('limit-1.txt'), fileItem('limit-2.txt')];
		const poll = await pollError(items);
		const pause = await pauseError(items);
		expect(notProcessedList(poll.description, poll.jobIds)).toBe(
			'Files not processed (2): "limit-1.txt" (item 0, processing, job <job 0>), "limit-2.txt" (item 1, processing, job <job 1>).',
		);
		expect(notProcessedList(pause.description, pause.jobIds)).toBe(notProcessedList(poll.description, poll.jobIds));
	}, 30_000);
});
