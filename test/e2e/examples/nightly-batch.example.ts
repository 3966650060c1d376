/**
 * examples/nightly-folder-batch.json, started as *Execute workflow* starts it. Every file of the
 * folder must end in exactly one of the two files it writes, a failed one with its fields (issue
 * 44): an empty file (refused before upload), a file the service cannot read (inside a paused job
 * the emulator's signed event resumes), and, in a second folder of 20 files (two jobs of 10), a
 * job launch the service refuses: its 10 files, whichever they are (the folder's order is the
 * file system's, and which launch reaches the service first is the transport's).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emulatorControl } from '../../emulator/test-support/control';
import { nodeOutputJson } from '../n8n';
import { importExample, type TestChange } from './example-import';
import { finishedExecution, runFromTrigger, type ExamplesContext } from './examples-context';

const FIELDS = ['file_name', 'item_index', 'job_id', 'file_id', 'stage', 'reason', 'what_to_do', 'message'];

type Entry = Record<string, unknown>;

/** Writes the folder, imports the example pointed at it, runs it; the entries of both files it wrote. */
async function runOnFolder(context: ExamplesContext, folder: string, files: Record<string, string>) {
	const { suite } = context;
	const inbox = path.join(suite.filesDir, folder, 'inbox');
	const processed = path.join(suite.filesDir, folder, 'processed');
	fs.mkdirSync(inbox, { recursive: true });
	fs.mkdirSync(processed, { recursive: true });
	for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(inbox, name), content);
	// n8n reads and writes only below the folder it allows (N8N_RESTRICT_FILE_ACCESS_TO): the
	// example's folders are the Docker default's, the test's are its own below the run's.
	const why = 'the folders the sticky note says to set; the test may use only its own folder';
	const changes: TestChange[] = [
		{ node: 'Settings', parameter: 'assignments.assignments.0.value', shipped: '/home/node/.n8n-files/inbox/*', value: `${inbox}/*`, why },
		{ node: 'Settings', parameter: 'assignments.assignments.1.value', shipped: '/home/node/.n8n-files/processed', value: processed, why },
	];
	const imported = await importExample(suite.e2e.rest, 'nightly-folder-batch.json', changes);
	const executionId = await runFromTrigger(suite, imported.id, 'Every Night');
	const execution = await finishedExecution(suite, executionId);
	expect(execution.status).toBe('success');

	const written = fs.readdirSync(processed).sort();
	expect(written).toEqual([expect.stringMatching(/^failed-\d{4}-\d{2}-\d{2}\.json$/), expect.stringMatching(/^results-\d{4}-\d{2}-\d{2}\.json$/)]);
	const read = (file: string) => JSON.parse(fs.readFileSync(path.join(processed, file), 'utf8')) as Entry[];
	const [failed, results] = [read(written[0]), read(written[1])];
	// Every file of the folder in exactly one of the two files, each failed entry with its fields.
	const named = [...results.map((entry) => entry.input_file_name), ...failed.map((entry) => entry.file_name)];
	expect(named.sort()).toEqual(Object.keys(files).sort());
	for (const entry of failed) expect(Object.keys(entry)).toEqual(expect.arrayContaining(FIELDS));
	return { executionId, execution, results, failed, byName: new Map(failed.map((entry) => [String(entry.file_name), entry])) };
}

export function nightlyBatchExample(context: () => ExamplesContext): void {
	it('Nightly batch: one paused job for the folder; the results, the empty and the unreadable file each in one of the two files', async () => {
		const { emulator } = context().suite;
		const channelsBefore = emulator.store.channels.size;
		const run = await runOnFolder(context(), 'nightly', {
			'contract.md': '# Contract\n\nThe supplier delivers every Monday.\n',
			'report.md': '# Report\n\nRevenue grew in every region.\n',
			'unreadable-scan.md': '# Scan\n\nThe service cannot read this one.\n',
			'empty.md': '',
		});
		// It paused: the job's event came through a signed channel to the execution's resume URL.
		expect(emulator.store.deliveries.some((delivery) => delivery.url.includes(`/webhook-waiting/${run.executionId}`))).toBe(true);
		expect(emulator.store.channels.size).toBe(channelsBefore);
		expect(new Set(nodeOutputJson(run.execution.data, 'Process the Folder').map((output) => output.job_id)).size).toBe(1);

		expect(JSON.stringify(run.results)).toContain('Revenue grew in every region.');
		expect(run.byName.get('empty.md')).toMatchObject({ stage: 'upload', job_id: null, reason: expect.stringMatching(/empty/), message: expect.stringContaining('empty.md') });
		expect(run.byName.get('unreadable-scan.md')).toMatchObject({
			stage: 'processing',
			job_id: expect.any(String),
			file_id: expect.any(String),
			item_index: expect.any(Number),
			reason: expect.stringMatching(/could not be read/),
		});
	}, 5 * 60_000);

	it('Nightly batch: a job launch the service refuses leaves its 10 files in the failed-files file, with the service’s reason', async () => {
		const { emulator } = context().suite;
		const detail = [{ loc: ['body', 'input_files'], msg: 'the account may not start this job now', type: 'value_error' }];
		// The first launch to arrive (a run of the pause's own workflow) is refused; the other job runs.
		await emulatorControl(emulator.url)('faults', { body: { method: 'POST', path: '/api/v1/', path_suffix: '/run', status: 422, detail } });
		const files = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`memo-${index}.md`, `# Memo ${index}\n\nText ${index}.\n`]));
		const run = await runOnFolder(context(), 'nightly-refused', files);
		expect(run.results).toHaveLength(10);
		expect(run.failed).toHaveLength(10);
		for (const entry of run.failed) {
			expect(entry).toMatchObject({ stage: 'launch', job_id: null, http_code: '422', reason: expect.stringContaining('may not start this job') });
		}
		expect(new Set(run.failed.map((entry) => entry.item_index)).size).toBe(10);
	}, 5 * 60_000);
}
