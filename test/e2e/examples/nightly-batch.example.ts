/**
 * examples/nightly-folder-batch.json, started as *Execute workflow* starts it: the folder's three
 * files go into one job, the execution pauses until the emulator's signed job event resumes it,
 * and the results and the one failed file land in two files of the output folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeOutputJson } from '../n8n';
import { importExample, type TestChange } from './example-import';
import { finishedExecution, runFromTrigger, type ExamplesContext } from './examples-context';

const FILES = {
	'contract.md': '# Contract\n\nThe supplier delivers every Monday.\n',
	'report.md': '# Report\n\nRevenue grew in every region.\n',
	'unreadable-scan.md': '# Scan\n\nThe service cannot read this one.\n',
};

export function nightlyBatchExample(context: () => ExamplesContext): void {
	it('Nightly batch: one paused job for the folder, results and the failed file written to the output folder', async () => {
		const { suite } = context();
		const { e2e, emulator } = suite;
		const inbox = path.join(suite.filesDir, 'nightly', 'inbox');
		const processed = path.join(suite.filesDir, 'nightly', 'processed');
		fs.mkdirSync(inbox, { recursive: true });
		fs.mkdirSync(processed, { recursive: true });
		for (const [name, content] of Object.entries(FILES)) fs.writeFileSync(path.join(inbox, name), content);
		// n8n reads and writes only below the folder it allows (N8N_RESTRICT_FILE_ACCESS_TO): the
		// example's folders are the Docker default's, the test's are its own below the run's.
		const why = 'the folders the sticky note says to set; the test may use only its own folder';
		const changes: TestChange[] = [
			{ node: 'Settings', parameter: 'assignments.assignments.0.value', shipped: '/home/node/.n8n-files/inbox/*', value: `${inbox}/*`, why },
			{ node: 'Settings', parameter: 'assignments.assignments.1.value', shipped: '/home/node/.n8n-files/processed', value: processed, why },
		];
		const imported = await importExample(e2e.rest, 'nightly-folder-batch.json', changes);
		const channelsBefore = emulator.store.channels.size;

		const executionId = await runFromTrigger(suite, imported.id, 'Every Night');
		const execution = await finishedExecution(suite, executionId);
		expect(execution.status).toBe('success');
		// It paused: the job's event came through a signed channel to the execution's resume URL.
		expect(emulator.store.deliveries.some((delivery) => delivery.url.includes(`/webhook-waiting/${executionId}`))).toBe(true);
		expect(emulator.store.channels.size).toBe(channelsBefore);

		const outputs = nodeOutputJson(execution.data, 'Process the Folder');
		const failures = nodeOutputJson(execution.data, 'Process the Folder', { outputIndex: 1 });
		expect(outputs.map((output) => output.input_file_name).sort()).toEqual(['contract.md', 'report.md']);
		expect(new Set(outputs.map((output) => output.job_id)).size).toBe(1);
		expect(failures).toHaveLength(1);
		expect(String(failures[0].error)).toContain('unreadable-scan.md');

		const written = fs.readdirSync(processed).sort();
		expect(written).toEqual([expect.stringMatching(/^failed-\d{4}-\d{2}-\d{2}\.json$/), expect.stringMatching(/^results-\d{4}-\d{2}-\d{2}\.json$/)]);
		const results = JSON.parse(fs.readFileSync(path.join(processed, written[1]), 'utf8')) as Array<Record<string, unknown>>;
		expect(results.map((result) => result.input_file_name).sort()).toEqual(['contract.md', 'report.md']);
		expect(JSON.stringify(results)).toContain('Revenue grew in every region.');
		const failed = JSON.parse(fs.readFileSync(path.join(processed, written[0]), 'utf8')) as Array<Record<string, unknown>>;
		expect(failed).toEqual([expect.objectContaining({ error: expect.stringContaining('unreadable-scan.md') })]);
	}, 5 * 60_000);
}
