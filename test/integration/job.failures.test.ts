/**
 * Files that fail inside a job: the outputs of the others, the failure items, the errors.
 * @mostly-waits on the service's one-second launch spacing (test/sequencer.js)
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { executeNode } from '../harness';
import { failure } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

/**
 * A job can end COMPLETED although one of its files failed (the service documents it; the
 * emulator's `failing_file_pattern` makes a file fail). Every input file must come out as its
 * outputs or as a failure item paired to its item, or as an error naming it.
 */
const world = useActionWorld({ job_duration_ms: 60, schedule_delay_ms: 10, failing_file_pattern: 'broken' });
const items = () => [markdownItem('first.md'), markdownItem('broken.md'), markdownItem('third.md')];
const processFiles = (batchMode: 'combine' | 'perItem') => ({ resource: 'job', operation: 'process', options: { batchMode, outputMode: 'files', maxPollIntervalSeconds: 1 } });
const summary = (output: INodeExecutionData[]) => output.map((item) => [item.json.input_file_name ?? item.json.file_name, item.json.reason ?? item.json.error ?? 'ok', item.pairedItem]);
const reasonCalls = async () => (await world.service.requests('/api/v1/jobs/')).filter((request) => /\/(details|failed-files)$/.test(request.path));

describe.each(['combine', 'perItem'] as const)('Process Files (%s) over 3 files of which the second fails', (batchMode) => {
	it('with On Error › Continue: the two outputs paired to their items and one failure item naming the file', async () => {
		const result = await world.run(processFiles(batchMode), items(), true);
		const output = result.output[0];
		expect(summary(output)).toEqual(
			expect.arrayContaining([
				['first.md', 'ok', { item: 0 }],
				['third.md', 'ok', { item: 2 }],
				['broken.md', expect.stringMatching(/^Partitioning failed: broken.md could not be read/), { item: 1 }],
			]),
		);
		expect(output).toHaveLength(3);
		const failed = output.find((item) => item.json.file_name === 'broken.md')!.json;
		expect(failed).toEqual({
			job_id: expect.any(String),
			file_id: expect.any(String),
			file_name: 'broken.md',
			item_index: 1,
			stage: 'processing',
			error: expect.stringMatching(/^File "broken.md" failed in job "[0-9a-f-]{36}": Partitioning failed/),
			reason: expect.stringMatching(/^Partitioning failed/),
			what_to_do: expect.stringMatching(/Get Failed Files/),
			processing_status: 'COMPLETED_WITH_ERRORS',
		});
		expect(await reasonCalls()).toHaveLength(2);
	});

	it('with On Error › Continue (using error output): outputs on the main output, the failure on the error output', async () => {
		const result = await executeNode({
			nodeType: new DocumentProcessing(),
			parameters: processFiles(batchMode),
			items: items(),
			credentials: world.service.credentials,
			nodeSettings: { onError: 'continueErrorOutput' },
		});
		expect(summary(result.output[0])).toEqual(expect.arrayContaining([['first.md', 'ok', { item: 0 }], ['third.md', 'ok', { item: 2 }]]));
		expect(result.output[0]).toHaveLength(2);
		expect(result.output[1]).toHaveLength(1);
		// The fields survive n8n's handling of error-output items: they travel inside `error`.
		expect(result.output[1][0].json.error).toEqual({
			message: expect.stringMatching(/^File "broken.md" failed in job "[0-9a-f-]{36}": Partitioning failed: /),
			file_name: 'broken.md',
			item_index: 1,
			job_id: expect.any(String),
			file_id: expect.any(String),
			stage: 'processing',
			reason: expect.stringMatching(/^Partitioning failed/),
			what_to_do: expect.any(String),
			processing_status: 'COMPLETED_WITH_ERRORS',
		});
		expect(result.output[1][0].pairedItem).toEqual({ item: 1 });
	});

	it('without Continue: an error naming the failed file and saying how to get the others’ outputs', async () => {
		const error = await failure(world.run(processFiles(batchMode), items()));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/File "broken.md" \(Partitioning failed: .*\) failed in job "[0-9a-f-]{36}"/);
		if (batchMode === 'combine') expect(error.description).toMatch(/other 2 files were processed: get their outputs with Job › Download Output and job ID [0-9a-f-]{36}/);
		expect(error.description).toMatch(/On Error/);
		expect(error.context.itemIndex).toBe(1);
	});
});

describe('the service’s other readings of a failed file', () => {
	it('matches a failed file named by its input file id', async () => {
		world.service.emulator.setConfig({ failed_file_document: 'id' });
		const result = await world.run(processFiles('combine'), items(), true);
		const failed = result.output[0].filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => [item.json.file_name, item.pairedItem])).toEqual([['broken.md', { item: 1 }]]);
	});

	it('a job whose only file failed and that ended FAILED is that file’s failure, with the service’s reason', async () => {
		world.service.emulator.setConfig({ all_files_failed_outcome: 'FAILED' });
		const result = await world.run(processFiles('perItem'), items(), true);
		expect(summary(result.output[0]).filter(([, error]) => error !== 'ok')).toEqual([['broken.md', expect.stringMatching(/^Partitioning failed: broken.md/), { item: 1 }]]);
		const failed = result.output[0].find((item) => item.json.error !== undefined)!;
		expect(failed.json).toMatchObject({ stage: 'processing', item_index: 1, error: expect.stringMatching(/^File "broken.md" failed in job/) });
		expect(failed.json.what_to_do).toMatch(/Fail on Unsuccessful Job/);
	});

	it('Run Workflow (wait and download) reports the failed file as a failure item too', async () => {
		const workflow = { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID };
		const result = await world.run({ resource: 'workflow', operation: 'run', workflowId: workflow, afterRun: 'download', outputMode: 'files' }, items(), true);
		expect(summary(result.output[0])).toEqual(
			expect.arrayContaining([
				['first.md', 'ok', { item: 0 }],
				['third.md', 'ok', { item: 2 }],
				['broken.md', expect.stringMatching(/^Partitioning failed/), { item: 1 }],
			]),
		);
		expect(result.output[0]).toHaveLength(3);
	});

	it('reads neither /details nor /failed-files when the outputs cover every file', async () => {
		const result = await world.run(processFiles('combine'), [markdownItem('a.md'), markdownItem('b.md')]);
		expect(result.output[0]).toHaveLength(2);
		expect(await reasonCalls()).toEqual([]);
	});
});

describe('Download Output, Get Details and Get Failed Files of a job with a failed file', () => {
	async function jobWithFailedFile(): Promise<string> {
		const created = await world.run({ resource: 'job', operation: 'create', options: { batchMode: 'combine' } }, items());
		const jobId = created.output[0][0].json.id as string;
		await world.run({ resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: 1 } });
		return jobId;
	}

	it('Download Output gives the outputs and a failure item; without Continue it names the file', async () => {
		const jobId = await jobWithFailedFile();
		const result = await world.run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'files' }, [{ json: {} }], true);
		expect(result.output[0].map((item) => item.json.reason ?? item.json.file_id)).toEqual([expect.any(String), expect.any(String), expect.stringMatching(/Partitioning failed/)]);
		expect(result.output[0][2].json).toMatchObject({ job_id: jobId, file_name: 'broken.md' });
		const error = await failure(world.run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'files' }));
		expect(error.message).toMatch(/"broken.md"/);
		expect(error.description).toMatch(/One Output File/);
	});

	it('Get Details shows COMPLETED_WITH_ERRORS and Get Failed Files one item per failed file', async () => {
		const jobId = await jobWithFailedFile();
		const details = await world.run({ resource: 'job', operation: 'getDetails', jobId });
		expect(details.output[0][0].json).toMatchObject({ id: jobId, processing_status: 'COMPLETED_WITH_ERRORS' });
		const stats = details.output[0][0].json.node_stats as IDataObject[];
		expect(stats[0]).toMatchObject({ success: 2, failure: 1 });
		const failed = await world.run({ resource: 'job', operation: 'getFailedFiles', jobId });
		expect(failed.output[0].map((item) => item.json)).toEqual([{ job_id: jobId, document: 'broken.md', error: expect.stringMatching(/Partitioning failed/) }]);
		expect(failed.output[0][0].pairedItem).toEqual({ item: 0 });
	});
});
